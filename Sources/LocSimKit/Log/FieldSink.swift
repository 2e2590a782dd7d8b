/// Receives the fields of one record's detail, in order.
///
/// Each record describes itself once (`Record.render(to:)`); the text and the
/// JSON Lines writers are two sinks, so both formats always carry the same
/// records and the same fields.
package protocol FieldSink {
    /// A bare word: text prints `value`; JSON `"name":"value"`.
    mutating func word(_ name: String, _ value: String)
    /// Text `name=value`; JSON `"name":"value"`.
    mutating func keyed(_ name: String, _ value: String)
    /// Text `label=value`; JSON `"name":"value"`: a field whose short text
    /// label would mean something else as a JSON name (`accuracy=full` in
    /// the text, `"accuracyAuthorization":"full"` in JSON, where `accuracy`
    /// is meters).
    mutating func keyed(_ name: String, label: String, _ value: String)
    /// An identifier the scenario chose (a region or notification id): text
    /// prints a plain word as it is and anything else (spaces, quotes, `#`,
    /// `=`) as a quoted string, so a line still splits into its fields;
    /// JSON `"name":"value"`.
    mutating func identifier(_ name: String, _ value: String)
    /// Text `name=<seconds>` or `name=<placeholder>` when `time` is nil;
    /// JSON a number of seconds or the placeholder string.
    mutating func keyedTime(_ name: String, _ time: Millis?, placeholder: String)
    /// Text `lat,lon` with 6 decimals; JSON `"lat":…,"lon":…`.
    mutating func coordinate(_ c: Coordinate)
    /// Text `±N` in whole meters; JSON `"accuracy":N`.
    mutating func accuracy(_ meters: Double)
    /// A location's own time when it is older than the record: text
    /// `@<seconds>`; JSON `"timestamp":<seconds>`.
    mutating func timestamp(_ time: Millis)
    /// Several locations, oldest first, each with its own time: text
    /// `lat,lon ±N @<seconds>` for each, one after the other; JSON
    /// `"locations":[{"lat":…,"lon":…,"accuracy":N,"timestamp":<seconds>},…]`.
    mutating func locations(_ batch: [TimedLocation])
    /// Text `"text"` with `\"` and `\\` escapes; JSON `"name":"text"`.
    mutating func quoted(_ name: String, _ text: String)
    /// Text `a,b,c`; JSON `"name":["a","b","c"]`.
    mutating func list(_ name: String, _ words: [String])
    /// Text prints `name` when set and nothing otherwise; JSON `"name":true|false`.
    mutating func flag(_ name: String, _ isSet: Bool)
    /// Text `major.minor:proximity`; JSON `"major":…,"minor":…,"proximity":"…"`.
    mutating func beaconReading(_ b: BeaconSighting)
    /// Degrees with one decimal: text `name=<deg>`; JSON `"name":<deg>`.
    mutating func degrees(_ name: String, _ value: Double)
    /// Free text to the end of the line; JSON `"message":"…"`.
    mutating func message(_ text: String)
}
