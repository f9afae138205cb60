import Testing

@testable import VeneerRenderer

/// An associated type tied to the conforming type itself (`CaseIterable`'s
/// `Self == Self.AllCases.Element`) leaves a protocol undecorated; other same-type
/// requirements do not.
@Suite("Same-type requirements on Self")
struct SameTypeRequirementTests {
  @Test(arguments: [
    ("Self == Self.AllCases.Element", true),
    ("Element == Self", true),
    ("Self==Output", true),
    ("\tSelf\n == Element", true),
    ("Self.Element == Int", false),
    ("SelfType == Int", false),
    ("Element == MySelf", false),
    ("Element: Sendable", false),
    ("", false),
  ])
  func selfOnEitherSideIsFound(requirement: String, equatesSelf: Bool) {
    #expect(ProtocolPlan.equatesSelf(requirement) == equatesSelf)
  }
}
