import VeneerModel

/// Analytics' settings: `options: analytics: {naming:, track:}`.
extension RenderOptions {
  package var eventNaming: EventNaming {
    get { setting("analytics.naming")?.word.flatMap(EventNaming.init) ?? .snakeCase }
    set { set("analytics.naming", newValue == .snakeCase ? nil : .word(newValue.rawValue)) }
  }
  /// Whether the analytics decorator tracks calls no annotation or event-map entry names.
  package var tracksUnnamedCalls: Bool {
    get { setting("analytics.track_unnamed")?.flag ?? true }
    set { set("analytics.track_unnamed", newValue ? nil : .flag(newValue)) }
  }

  /// Whether a call with `annotations` goes untracked, Swift's or Objective-C's: with `track:
  /// mapped`, only calls the event map or an annotation names are tracked.
  func leavesUntracked(_ annotations: [Annotation]) -> Bool {
    !tracksUnnamedCalls && !annotations.contains { $0.key == "analytics" }
  }

  /// How default analytics event names are spelt.
  package enum EventNaming: String, Sendable, CaseIterable, Encodable {
    /// `post_repo.create_post`
    case snakeCase = "snake_case"
    /// `postRepo.createPost`
    case camelCase
    /// `post-repo.create-post`
    case kebabCase = "kebab-case"

    /// The part of event names before the dot: the protocol's name in this style, the same for
    /// all its requirements.
    func eventPrefix(protocol name: String) -> String {
      switch self {
      case .snakeCase: Naming.snakeCase(name)
      case .kebabCase: Naming.snakeCase(name).replacingOccurrences(of: "_", with: "-")
      case .camelCase: Naming.lowerCamelCase(name)
      }
    }

    /// `post_repo.create_post` for `createPost`, after the prefix `post_repo`.
    func event(prefix: String, requirement: String) -> String {
      switch self {
      case .snakeCase: "\(prefix).\(Naming.snakeCase(requirement))"
      case .kebabCase:
        "\(prefix).\(Naming.snakeCase(requirement).replacingOccurrences(of: "_", with: "-"))"
      case .camelCase: "\(prefix).\(requirement.trimmingBackticks)"
      }
    }
  }
}
