import VeneerModel

/// A parameter as the decorator declares and forwards it.
struct ForwardedParameter {
  /// A completion handler: an escaping function returning `Void`.
  struct Completion {
    var parameterTypes: [String]
    var parameterCount: Int { parameterTypes.count }
    /// `Post` for `(Result<Post, any Error>) -> Void`, or for an app's own `(Result<Post>) -> Void`.
    var resultSuccessType: String?
    /// The app's own result enum the handler receives, if that is what it receives.
    var resultEnum: ResultLikeEnum?
  }

  var parameter: Parameter
  /// The name used inside the decorator; unnamed (`_`) parameters get `argument0` and so on, and
  /// keywords (`func f(for: T)` names its parameter `for`) their backticks.
  var name: String
  var completion: Completion?
  /// The name under which a decorator passed as `Self` holds what it wraps.
  var decoratorBase: String

  init(
    _ parameter: Parameter, index: Int, decoratorBase: String, resultEnums: [ResultLikeEnum] = []
  ) {
    self.parameter = parameter
    self.decoratorBase = decoratorBase
    name = parameter.name == "_" ? "argument\(index)" : Naming.identifier(parameter.name)
    completion = nil
    // An async or throwing closure, or one named for work it does rather than for a result it
    // delivers (`body`, `transform`), may be called any number of times: it is forwarded as
    // it is.
    guard !parameter.type.isOptional,
      case .function(let parameters, let effects, let returnType) = parameter.type.unattributed
        .shape,
      returnType.isVoid, !effects.isAsync, !effects.isThrowing,
      !Self.namesOfWork.contains(parameter.name.trimmingBackticks)
    else { return }
    var success = parameters.count == 1 ? parameters[0].type.resultSuccessType : nil
    var resultEnum: ResultLikeEnum?
    if parameters.count == 1, success == nil,
      case .named(let typeName, let arguments) = parameters[0].type.unattributed.shape,
      arguments.count == 1, let found = resultEnums.first(where: { $0.name == typeName })
    {
      success = arguments[0].text
      resultEnum = found
    }
    // Most non-escaping closures do work (`forEach`, `withLock`); one is a completion handler
    // when it receives a result or is named for one.
    if !parameter.isEscaping {
      let lowercased = parameter.name.lowercased()
      guard
        success != nil
          || ["completion", "callback", "done", "finish", "reply"].contains(where: {
            lowercased.contains($0)
          })
      else { return }
    }
    completion = Completion(
      parameterTypes: parameters.map(\.type.text), resultSuccessType: success,
      resultEnum: resultEnum)
  }

  /// Names of closure parameters that do work or decide, rather than receive a result.
  static let namesOfWork: Set<String> = [
    "body", "operation", "transform", "work", "action", "predicate", "isIncluded",
    "areInIncreasingOrder", "onEvent", "streamHandler",
  ]

  var isPack: Bool {
    if case .packExpansion = parameter.type.unattributed.shape { return true }
    return false
  }

  /// The key in log metadata and analytics properties.
  var key: String { parameter.name == "_" ? name : parameter.name.trimmingBackticks }

  func declaration(singleNameIsLabel: Bool) -> String {
    var renamed = parameter
    // `func f(for: T)` declares `for` without backticks; only its uses need them.
    renamed.name = parameter.name == "_" ? name : parameter.name
    if parameter.name == "_", parameter.label == nil, singleNameIsLabel {
      return "_ \(name): \(parameter.type.text)\(parameter.isVariadic ? "..." : "")"
    }
    return renamed.declarationText(singleNameIsLabel: singleNameIsLabel)
  }

  func argument(singleNameIsLabel: Bool, labelled: Bool = true) -> String {
    let value: String
    if parameter.isSelfValue {
      value = "\(name).\(decoratorBase)"
    } else if parameter.isInout {
      value = "&\(name)"
    } else if parameter.isAutoclosure {
      value = "\(name)()"
    } else if case .packExpansion = parameter.type.unattributed.shape {
      value = "repeat each \(name)"
    } else {
      value = name
    }
    return labelled ? argument(singleNameIsLabel: singleNameIsLabel, value: value) : value
  }

  /// `label: value`, or just `value` for an unlabelled parameter.
  func argument(singleNameIsLabel: Bool, value: String) -> String {
    guard let label = parameter.label else { return value }
    return "\(Self.label(label)): \(value)"
  }

  /// `name` as the label of an argument or tuple element: always one label. Keywords need no
  /// backticks there, and Swift warns when they have them, but for the three that would read as
  /// something else; a raw identifier (`` `load all` ``, any text but a backtick) keeps them,
  /// or its text would be read as code.
  static func label(_ name: String) -> String {
    let bare = name.trimmingBackticks
    if ["inout", "var", "let"].contains(bare) { return "`\(bare)`" }
    return SwiftWords.isPlainIdentifier(bare) || SwiftWords.keywords.contains(bare)
      ? bare : "`\(bare)`"
  }

  /// The type as a value of it is stored: without `@escaping`, which a tuple element or
  /// variable cannot carry, nor ownership specifiers.
  var storedType: String {
    let attributes = parameter.type.attributes.filter { $0.name != "escaping" }
    return (attributes.map(\.description) + [parameter.type.unattributed.text])
      .joined(separator: " ")
  }
}

extension TypeRef {
  /// Whether a `some P` is in the type: a hidden generic parameter.
  var mentionsOpaqueType: Bool {
    contains {
      if case .opaque = $0.shape { return true }
      return false
    }
  }

  /// `Post` for `Result<Post, any Error>`.
  var resultSuccessType: String? {
    switch unattributed.shape {
    case .named("Result", let arguments) where arguments.count == 2: arguments[0].text
    case .member(let base, "Result", let arguments)
    where base.text == "Swift" && arguments.count == 2:
      arguments[0].text
    default: nil
    }
  }
}
