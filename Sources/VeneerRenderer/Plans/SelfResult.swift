import VeneerModel

/// How an instance method's result holds `Self`, when a decorator can forward it: a fluent
/// builder's `-> Self`, `-> Self?` or `-> [Self]`.
///
/// A struct decorator forwards such a call by wrapping what its base returns in a copy of
/// itself: the same kind of decorator, with the same logger, tracker or cache, around the new
/// value. A class or actor decorator cannot copy itself without knowing every property it
/// stores, so protocols bound to them stay a stated skip, as do static requirements (nothing to
/// copy) and every other use of `Self` in a result.
package enum SelfResult: Sendable {
  case value, optional, array

  /// The shape of `type`, if it is one of the three.
  package init?(_ type: TypeRef?) {
    func isSelf(_ type: TypeRef) -> Bool { type.unattributed.text == "Self" }
    switch type?.unattributed.shape {
    case .named?: if let type, isSelf(type) { self = .value } else { return nil }
    case .optional(let wrapped)? where isSelf(wrapped): self = .optional
    case .array(let element)? where isSelf(element): self = .array
    default: return nil
    }
  }

  /// `call`, a call to the base that returns its `Self`, with what it returns put in a copy of
  /// the decorator in place of `base`, the decorator's stored base.
  func rewrapping(_ call: String, base: String) -> String {
    let copy = "{\nvar decorator = self\ndecorator.\(base) = $0\nreturn decorator\n}"
    return switch self {
    case .value: "\(copy)(\(call))"
    case .optional, .array: "\(call).map \(copy)"
    }
  }
}
