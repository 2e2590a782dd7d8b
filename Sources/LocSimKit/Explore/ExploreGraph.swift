/// The merged state graph of one platform's search (`locsim explore
/// --format dot`, docs/explore.md): each distinct choice point once, an edge
/// per option followed from it, to the next choice point or to how the path
/// ends from there.
package struct ExploreGraph: Equatable, Sendable {
    /// Where an option leads.
    package enum Target: Hashable, Sendable {
        /// A choice point, by index in `choicePoints`.
        case choice(Int)
        /// An end, by index in `ends`.
        case end(Int)
    }

    package struct Edge: Equatable, Sendable {
        /// The choice point the option is taken at; `nil`: the start.
        package var from: Int?
        /// The option as a `user` line writes it (`allowOnce`, `settings always`); empty from the start.
        package var option: String
        package var to: Target
    }

    /// One end: the final authorization and accuracy with the `expect` lines
    /// failed, or the error that stopped the path.
    package struct End: Hashable, Sendable {
        package var label: String
        package var failed: Bool
    }

    /// Each choice point's label, `1.000 whenInUse`, `60.000 settings (line 12)`, by index.
    package var choicePoints: [String] = []
    package var ends: [End] = []
    package var edges: [Edge] = []
    private var endIndex: [End: Int] = [:]

    /// The index of `end`, added the first time.
    mutating func end(_ end: End) -> Int {
        if let i = endIndex[end] { return i }
        endIndex[end] = ends.count
        ends.append(end)
        return ends.count - 1
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.choicePoints == b.choicePoints && a.ends == b.ends && a.edges == b.edges
    }
}

extension Explore.Report {
    /// Graphviz: one cluster per platform; choice points as boxes, ends as
    /// ellipses (red where an `expect` line failed or an error stopped the
    /// path), options on the edges.
    var dot: String {
        var out = "digraph explore {\n  rankdir=LR;\n"
        for kind in ["graph", "node", "edge"] { out += "  \(kind) [fontname=\"Helvetica\"];\n" }
        for (k, p) in platforms.enumerated() {
            guard let graph = p.graph else { continue }
            let id = "p\(k)"
            out += "  subgraph cluster_\(k) {\n    label=\(Self.dotQuoted(p.platform.description));\n"
            out += "    \(id)_start [shape=point];\n"
            for (i, label) in graph.choicePoints.enumerated() {
                out += "    \(id)_c\(i) [shape=box, label=\(Self.dotQuoted(label))];\n"
            }
            for (i, end) in graph.ends.enumerated() {
                out += "    \(id)_e\(i) [shape=ellipse, label=\(Self.dotQuoted(end.label))"
                out += (end.failed ? ", color=red" : "") + "];\n"
            }
            for edge in graph.edges {
                let from = edge.from.map { "\(id)_c\($0)" } ?? "\(id)_start"
                let to: String
                switch edge.to {
                case .choice(let i): to = "\(id)_c\(i)"
                case .end(let i): to = "\(id)_e\(i)"
                }
                let label = edge.option.isEmpty ? "" : " [label=\(Self.dotQuoted(edge.option))]"
                out += "    \(from) -> \(to)\(label);\n"
            }
            out += "  }\n"
        }
        return out + "}\n"
    }

    /// A Graphviz string: `"`, `\` escaped, a line break as `\n`.
    static func dotQuoted(_ s: String) -> String {
        var out = "\""
        for c in s {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}
