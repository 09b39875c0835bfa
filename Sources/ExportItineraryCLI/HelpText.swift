/// The text of `export-itinerary --help`.

enum HelpText {
    static let usage = """
    export-itinerary: turn a sports road-trip itinerary (trip.json) into a PDF to print and share.

    Usage:
      export-itinerary TRIP.json OUT.pdf [--template NAME|PATH] [--paper letter|a4]
      export-itinerary TRIP.json OUT.png [--page N] [--dpi D] [...]
      export-itinerary validate TRIP.json...
      export-itinerary --help | --version

    Rendering:
      TRIP.json            the trip (format: docs/trip-format.md); - reads standard input
      OUT.pdf              written atomically: on any failure nothing appears there and an
                           existing file is left untouched
      --template NAME      a bundled design from Templates/ (default: classic)
      --template PATH      your own template file (a path, or a name ending in .json;
                           keys: docs/templates.md)
      --paper letter|a4    paper size (default: the template's)

    Previews:
      OUT.png              an output ending in .png gets one page as an image, laid out
                           exactly as in the PDF
      --page N             which page (default 1)
      --dpi D              resolution (default 144)

    Checking:
      validate TRIP.json...  validate files without rendering; lists every problem with its
                             JSON path, e.g. days[3].items[0].homeTeam: unknown team id "nyyy"

    Examples:
      export-itinerary Examples/midwest-mlb-10-day.json out/midwest.pdf
      export-itinerary trip.json trip-a4.pdf --paper a4
      export-itinerary trip.json cover.png --page 1 --dpi 96
      cat trip.json | export-itinerary - trip.pdf
      export-itinerary validate Examples/*.json

    Output is reproducible: the same trip and version give the same bytes, whatever the clock,
    TZ or LANG. The PDF dates come from SOURCE_DATE_EPOCH when it is set, else from the trip's
    start date.

    Environment:
      SOURCE_DATE_EPOCH           seconds since 1970 for the PDF's creation date
      EXPORT_ITINERARY_FONTS      the bundled font directory (default: Fonts/ of the install)
      EXPORT_ITINERARY_TEMPLATES  the bundled template directory (default: Templates/)

    Exit codes:
      0 ok · 1 other failure · 2 usage error · 3 Pro required · 4 invalid trip
      5 entitlement store problem · 6 output could not be written
    """
}
