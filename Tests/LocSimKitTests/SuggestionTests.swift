import Testing

@testable import LocSimKit

/// "Did you mean": the keyword a user most likely meant, or none when the
/// guess would be a coin toss.
@Suite struct SuggestionTests {
    @Test func swiftSpellingsGiveTheKeywordInside() {
        let calls = ["startUpdatingLocation", "stopUpdatingLocation", "requestLocation"]
        #expect(Suggestion.keyword(for: "startUpdatingLocation()", among: calls) == "startUpdatingLocation")
        #expect(Suggestion.keyword(for: "self.manager.requestLocation();", among: calls) == "requestLocation")
        #expect(Suggestion.keyword(for: ".fitness", among: ["default", "fitness"]) == "fitness")
        #expect(
            Suggestion.keyword(for: "kCLLocationAccuracyBestForNavigation", among: ["best", "bestForNavigation"])
                == "bestForNavigation")
    }

    @Test func typosWithinTheLimit() {
        #expect(Suggestion.keyword(for: "lanch", among: ["launch", "foreground"]) == "launch")
        #expect(Suggestion.keyword(for: "foregound", among: ["launch", "foreground"]) == "foreground")
        // Short words get no guess: 'go' is one edit from too much.
        #expect(Suggestion.keyword(for: "ned", among: ["end"]) == nil)
        #expect(Suggestion.keyword(for: "xyzzy", among: ["launch", "foreground"]) == nil)
    }

    @Test func twoEquallyCloseKeywordsGiveNoGuess() {
        #expect(Suggestion.keyword(for: "nearr", among: ["near", "nearer"]) == nil)
        #expect(Suggestion.keyword(for: "nearr", among: ["near"]) == "near")
    }

    @Test func editDistance() {
        #expect(Suggestion.distance("kitten", "sitting", limit: 3) == 3)
        #expect(Suggestion.distance("kitten", "sitting", limit: 2) == nil)
        #expect(Suggestion.distance("", "ab", limit: 2) == 2)
        #expect(Suggestion.distance("abc", "abc", limit: 0) == 0)
    }
}
