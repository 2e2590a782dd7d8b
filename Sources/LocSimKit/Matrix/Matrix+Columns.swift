/// The columns of a matrix row between `platform` and `errors`: each a name,
/// its cell in the text and Markdown tables, and its fields in JSON Lines.
/// A new column is one more entry in `Matrix.Column.all`.
extension Matrix {
    struct Column: Sendable {
        /// The table header.
        var name: String
        /// The cell of a row that ran to its end.
        var cell: @Sendable (Tally) -> String
        /// `"key":value` fields of the JSON object (joined with `,`).
        var json: @Sendable (Tally) -> String

        static let all: [Column] = [
            Column(name: "final", cell: { final($0.final) }, json: { "\"final\":" + finalJSON($0.final) }),
            Column(name: "since", cell: since, json: sinceJSON),
            Column(name: "delivered", cell: { "\($0.delivered)" }, json: { "\"delivered\":\($0.delivered)" }),
            Column(
                name: "auth callbacks", cell: { "\($0.authorizationCallbacks)" },
                json: { "\"authorizationCallbacks\":\($0.authorizationCallbacks)" }),
            Column(
                name: "held", cell: held,
                json: { "\"held\":" + Report.json($0.held) + ",\"stillHeld\":" + Report.json($0.stillHeld) }),
            Column(
                name: "held delivered", cell: { instants($0.heldDelivered) },
                json: { "\"heldDelivered\":" + instantsJSON($0.heldDelivered) }),
            Column(name: "dropped", cell: { list($0.dropped) }, json: { "\"dropped\":" + Report.json($0.dropped) }),
            Column(name: "prompts", cell: { list($0.prompts) }, json: { "\"prompts\":" + Report.json($0.prompts) }),
        ]

        /// `authorizedAlways full provisional`: status, accuracy, then the
        /// flags that are set, as the `auth` record words them.
        static func final(_ view: AuthView?) -> String {
            guard let view else { return "-" }
            var words = [view.status.rawValue, view.accuracy.word]
            if view.provisional { words.append("provisional") }
            if view.temporary { words.append("temporary") }
            return words.joined(separator: " ")
        }

        static func finalJSON(_ view: AuthView?) -> String {
            guard let view else { return "null" }
            return "{\"status\":" + Report.json(view.status.rawValue) + ",\"accuracy\":"
                + Report.json(view.accuracy.word) + ",\"provisional\":\(view.provisional)"
                + ",\"temporary\":\(view.temporary)}"
        }

        /// `120.000 (provisional from 2.000)`: when the final authorization
        /// came, and when the provisional Always it came out of began.
        static func since(_ tally: Tally) -> String {
            guard let t = tally.authorizedAt else { return "-" }
            return "\(t)" + (tally.provisionalFrom.map { " (provisional from \($0))" } ?? "")
        }

        static func sinceJSON(_ tally: Tally) -> String {
            "\"since\":" + (tally.authorizedAt.map { "\($0)" } ?? "null") + ",\"provisionalFrom\":"
                + (tally.provisionalFrom.map { "\($0)" } ?? "null")
        }

        /// `62.000`, `500.000, 620.000`, or past three
        /// `500.000, 620.000, 740.000, … 3600.000 (24 instants)`.
        static func instants(_ instants: Tally.Instants) -> String {
            guard let last = instants.last else { return "-" }
            let first = instants.first.map { "\($0)" }.joined(separator: ", ")
            return instants.count <= 3 ? first : first + ", … \(last) (\(instants.count) instants)"
        }

        static func instantsJSON(_ instants: Tally.Instants) -> String {
            "{\"instants\":\(instants.count),\"first\":[" + instants.first.map { "\($0)" }.joined(separator: ",")
                + "],\"last\":" + (instants.last.map { "\($0)" } ?? "null") + "}"
        }

        /// `provisionalAlways 2 (1 still held), suspended 3`.
        static func held(_ tally: Tally) -> String {
            var counts = tally.held
            for left in tally.stillHeld where !counts.contains(where: { $0.name == left.name }) {
                counts.append(Tally.Count(name: left.name, count: 0))
            }
            guard !counts.isEmpty else { return "-" }
            return counts.map { count in
                let left = tally.stillHeld.first { $0.name == count.name }?.count ?? 0
                return "\(count.name) \(count.count)" + (left > 0 ? " (\(left) still held)" : "")
            }.joined(separator: ", ")
        }

        static func list(_ counts: [Tally.Count]) -> String { ReportTable.list(counts) }
    }
}
