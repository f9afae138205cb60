import Stencil
import VeneerModel

// The names templates can use, resolved without reflection (Stencil cannot see computed
// properties through Mirror on Linux).

extension ProtocolPlan: DynamicMemberLookup {
  static let templateMembers: [String: @Sendable (ProtocolPlan) -> Any?] = [
    "proto": { $0.proto },
    "access": { $0.access },
    "memberAccess": { $0.memberAccess },
    "decoratorKind": { $0.decoratorKind },
    "isolation": { $0.isolation },
    "typeDeclarationPrefix": { $0.typeDeclarationPrefix },
    "baseStorage": { $0.baseStorage },
    "baseType": { $0.baseType },
    "protocolName": { $0.protocolName },
    "decoratorSuffix": { $0.decoratorSuffix },
    "existentialType": { $0.existentialType },
    "typeAliases": { $0.typeAliases },
    "requirements": { $0.requirements },
    "conditionsOpening": { $0.conditionsOpening },
    "conditionsClosing": { $0.conditionsClosing },
    "logLevel": { $0.logLevel },
    "logErrorLevel": { $0.logErrorLevel },
    "cacheCapacity": { $0.cacheCapacity },
  ]

  public subscript(dynamicMember member: String) -> Any? {
    Self.templateMembers[member]?(self)
  }
}

extension RequirementPlan: DynamicMemberLookup {
  static let templateMembers: [String: @Sendable (RequirementPlan) -> Any?] = [
    "requirement": { $0.requirement },
    "kind": { $0.kind.rawValue },
    "isMethod": { $0.isMethod },
    "isStatic": { $0.isStatic },
    "qualifiedSelector": { $0.qualifiedSelector },
    "qualifiedSelectorLiteral": { $0.qualifiedSelectorLiteral },
    "declaration": { $0.declaration },
    "forwardingImplementation": { $0.forwardingImplementation },
    "forwardCall": { $0.forwardCall },
    "isThrowing": { $0.isThrowing },
    "isAsync": { $0.isAsync },
    "doStatement": { $0.doStatement },
    "outcome": { $0.outcome.rawValue },
    "valueType": { $0.valueType },
    "completionName": { $0.completionName },
    "completionCallOpening": { $0.completionCallOpening },
    "completionArguments": { $0.completionArguments },
    "completionForward": { $0.completionForward },
    "logMetadata": { $0.logMetadata },
    "analyticsEvent": { $0.analyticsEvent },
    "analyticsEventLiteral": { $0.analyticsEventLiteral },
    "analyticsFailureEvent": { $0.analyticsFailureEvent },
    "analyticsFailureEventLiteral": { $0.analyticsFailureEventLiteral },
    "analyticsProperties": { $0.analyticsProperties },
    "isCacheable": { $0.isCacheable },
    "cacheKey": { $0.cacheKey },
    "cacheTimeToLive": { $0.cacheTimeToLive },
    "cachedCall": { $0.cachedCall },
    "invalidation": { $0.invalidation },
    "names": { $0.names },
    "conditionsOpening": { $0.conditionsOpening },
    "conditionsClosing": { $0.conditionsClosing },
  ]

  public subscript(dynamicMember member: String) -> Any? {
    Self.templateMembers[member]?(self)
  }
}

extension LocalNames: DynamicMemberLookup {
  public subscript(dynamicMember member: String) -> Any? {
    switch member {
    case "call": call
    case "result": result
    case "value": value
    case "key": key
    default: nil
    }
  }
}
