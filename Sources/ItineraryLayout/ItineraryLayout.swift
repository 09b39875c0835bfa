/// ItineraryLayout: templates, locale formatting and the page-flow engine that turns a
/// `Trip` into a `LaidOutDocument` (a display list per page). It knows no files and no surfaces.
