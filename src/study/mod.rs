//! Pictures of the search for browsers and posts: a recorded search
//! ([`recording`]), the replay page of one or several patterns side by
//! side ([`page`]), the study table as a bar chart ([`chart`]) and the
//! first steps of a search as an animated SVG ([`animation`]). Every
//! writer returns the file's text; the same input gives the same bytes.

pub mod animation;
pub mod chart;
pub mod explain;
pub mod page;
pub mod recording;
