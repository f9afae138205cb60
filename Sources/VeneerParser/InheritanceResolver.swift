import VeneerModel
import VeneerSupport

/// Fills in what each protocol inherits from protocols declared anywhere in the scanned sources.
enum InheritanceResolver {
  /// Protocols and constraints that require no members a decorator has to forward.
  static let markerProtocols: Set<String> = [
    "Sendable", "AnyObject", "class", "Actor", "AnyActor", "Copyable", "Escapable",
    "BitwiseCopyable", "SendableMetatype", "~Copyable", "~Escapable", "Any",
  ]

  private struct Inherited {
    var requirements: [Requirement] = []
    var associatedTypes: [AssociatedType] = []
    var externalProtocols: [String] = []
    var standardProtocols: [String] = []
    /// Markers and global actors of every ancestor.
    var constraints: [String] = []
    /// Indices of the protocols these came from.
    var ancestors: Set<Int> = []
    /// Files of the type aliases inherited through.
    var aliasFiles: Set<String> = []
  }

  /// The markers a protocol names itself (`names`, its inherited names with aliases expanded)
  /// and the global actor it is isolated to.
  private static func ownConstraints(of proto: ProtocolDecl, names: [String]) -> [String] {
    names.filter(markerProtocols.contains) + (proto.ownGlobalActor.map { ["@" + $0] } ?? [])
  }

  /// Drops the inherited requirements the protocol declares again (`own`) or inherits along an
  /// earlier path: the same declaration, by `Requirement.hasSameSignature`. Then, since a
  /// refinement may declare a parent's requirement again with fewer effects, as `func
  /// encode(…)` for a parent's `func encode(…) throws`, and one method then meets both (a
  /// decorator declaring both would redeclare it): of requirements that differ only in their
  /// effects, the inherited ones that another (own first) meets with no more effects are dropped.
  /// A type has one property of a name, so of properties that differ in type only the first
  /// (own first) is kept: a conformer meets the others with a default the refinement gives, as
  /// ConsoleKit's `CommandGroup` gives its parent's `commands`.
  ///
  /// Requirements are compared in place, within a bucket of one kind, name and arity: a key
  /// holding a requirement copies every field of it.
  private static func removeRepeated(_ inherited: inout [Requirement], own: [Requirement]) {
    // Positions below `own.count` are own requirements, the others inherited ones; each bucket
    // lists them in that order.
    var buckets: [Requirement.OverloadKey: [Int]] = [:]
    for position in own.indices { buckets[own[position].overloadKey, default: []].append(position) }
    func requirement(at position: Int) -> Requirement {
      position < own.count ? own[position] : inherited[position - own.count]
    }
    var isDropped = [Bool](repeating: false, count: inherited.count)
    var overloaded: [Requirement.OverloadKey] = []
    for position in inherited.indices {
      let key = inherited[position].overloadKey
      let earlier = buckets[key] ?? []
      if earlier.contains(where: { requirement(at: $0).hasSameSignature(as: inherited[position]) })
      {
        isDropped[position] = true
        continue
      }
      if inherited[position].kind == .property,
        earlier.contains(where: { requirement(at: $0).isStatic == inherited[position].isStatic })
      {
        isDropped[position] = true
        continue
      }
      if !earlier.isEmpty, inherited[position].kind == .method, !overloaded.contains(key) {
        overloaded.append(key)
      }
      buckets[key, default: []].append(own.count + position)
    }
    func weight(_ requirement: Requirement) -> Int {
      (requirement.effects.isAsync ? 1 : 0) + (requirement.effects.isThrowing ? 2 : 0)
    }
    for key in overloaded {
      // A bucket holds one kind: these are methods.
      let methods = buckets[key]!
      for position in methods where position >= own.count {
        let candidate = requirement(at: position)
        // The first of the fewest effects among those that differ from it only in effects.
        let best = methods.map { requirement(at: $0) }
          .filter { $0.hasSameSignature(as: candidate, ignoringEffects: true) }
          .min { weight($0) < weight($1) }!
        let meets =
          (!best.effects.isAsync || candidate.effects.isAsync)
          && (!best.effects.isThrowing || candidate.effects.isThrowing)
        if meets, !best.hasSameSignature(as: candidate) { isDropped[position - own.count] = true }
      }
    }
    // Moved down in place, never copied.
    var kept = 0
    for position in inherited.indices where !isDropped[position] {
      if kept != position { inherited.swapAt(kept, position) }
      kept += 1
    }
    inherited.removeLast(inherited.count - kept)
  }

  static func resolve(_ protocols: [ProtocolDecl], aliases: [ProtocolAlias] = []) -> [ProtocolDecl]
  {
    resolveTracingAncestors(protocols, aliases: aliases) { $0.proto }
  }

  /// A protocol resolved, with the indices of every protocol it inherits from, directly or
  /// not, sorted, and the files of the type aliases it inherits through.
  typealias Resolved = (proto: ProtocolDecl, ancestors: [Int], aliasFiles: [String])

  /// Each protocol resolved, in the catalog's order, then given to `finishing`.
  ///
  /// An alias declared more than once, as in `#if compiler(>=6.2)` … `#else` … `#endif`,
  /// stands for all that its declarations name: a decorator that meets every branch's
  /// constraints conforms under each.
  ///
  /// Where protocols inherit from one another in a cycle (the user's compile error), what each
  /// member gets depends on the order they are resolved in: the catalog's, always.
  ///
  /// With `times`, the CPU time taken is added to `resolve`.
  static func resolveTracingAncestors<Finished: Sendable>(
    _ protocols: [ProtocolDecl], aliases: [ProtocolAlias] = [], times: StageTimes? = nil,
    finishing: @escaping @Sendable (Resolved) -> Finished
  ) -> [Finished] {
    // On a worker thread: a chain of inheritance is followed by recursion as deep as the chain,
    // and only a worker's stack (`Parallel.stackSize`) is sure to hold a hostile one.
    Parallel.map([protocols]) { protocols in
      StageTimes.measure(times, .resolve) {
        var resolution = Resolution(scope: Scope(protocols, aliases: aliases))
        return protocols.indices.map { finishing(resolution.resolved($0)) }
      }
    }[0]
  }

  /// What a protocol inherits by one of its names: a protocol of the catalog, by index, or a
  /// name declared elsewhere (the standard library's, or another module's).
  private enum Link: Sendable {
    case parent(Int)
    case elsewhere(String)
  }

  /// The protocols, what each inherits by name as Swift looks the names up, and the files of
  /// the aliases it inherits through.
  private struct Scope: Sendable {
    let protocols: [ProtocolDecl]
    /// By index, in the order of the protocol's inherited names, markers left out.
    private(set) var links: [[Link]] = []
    /// By index: the inherited names with each alias replaced by what it names.
    private(set) var expandedNames: [[String]] = []
    private(set) var aliasFiles: [Set<String>] = []
    private var indexByQualifiedName: [String: Int] = [:]
    private var indicesBySimpleName: [String: [Int]] = [:]

    init(_ protocols: [ProtocolDecl], aliases: [ProtocolAlias]) {
      self.protocols = protocols
      for (index, proto) in protocols.enumerated() {
        if indexByQualifiedName[proto.qualifiedName] == nil {
          indexByQualifiedName[proto.qualifiedName] = index
        }
        indicesBySimpleName[proto.name, default: []].append(index)
      }
      var aliasesByName: [String: [ProtocolAlias]] = [:]
      for alias in aliases { aliasesByName[alias.name, default: []].append(alias) }
      for proto in protocols {
        let (names, files) = expand(proto, aliasesByName)
        expandedNames.append(names)
        aliasFiles.append(files)
        links.append(
          names.compactMap { name in
            markerProtocols.contains(name)
              ? nil : lookUp(name, from: proto).map(Link.parent) ?? .elsewhere(name)
          })
      }
    }

    /// Swift's lookup from inside the protocol's scope: innermost enclosing type first, then a
    /// protocol of that name anywhere, when only one has it.
    private func lookUp(_ name: String, from proto: ProtocolDecl) -> Int? {
      var scope = proto.enclosingTypes
      while true {
        let qualified = scope.isEmpty ? name : (scope + [name]).joined(separator: ".")
        if let index = indexByQualifiedName[qualified] {
          return index
        }
        if scope.isEmpty { break }
        scope.removeLast()
      }
      if let candidates = indicesBySimpleName[name], candidates.count == 1 { return candidates[0] }
      return nil
    }

    /// The inherited names with each alias replaced by what it names, and the aliases' files.
    /// A protocol's own name wins over an alias's, as Swift's lookup would have it.
    private func expand(_ proto: ProtocolDecl, _ aliasesByName: [String: [ProtocolAlias]])
      -> (names: [String], files: Set<String>)
    {
      let names = proto.inheritedNames
      guard !aliasesByName.isEmpty else { return (names, []) }
      var expanded: [String] = []
      var files: Set<String> = []
      var seenAliases: Set<String> = []
      func expand(_ name: String, depth: Int) {
        guard depth < 16, let found = aliasesByName[name], lookUp(name, from: proto) == nil else {
          expanded.append(name)
          return
        }
        // An alias of itself, or of an alias that leads back to it, is the user's error.
        guard seenAliases.insert(name).inserted else { return }
        for alias in found {
          files.insert(alias.file)
          for component in alias.components { expand(component, depth: depth + 1) }
        }
      }
      for name in names { expand(name, depth: 0) }
      var seen: Set<String> = []
      return (expanded.filter { seen.insert($0).inserted }, files)
    }
  }

  /// The catalog's resolution: what each protocol inherits, worked out once.
  private struct Resolution {
    let scope: Scope
    var memo: [Int: Inherited] = [:]

    mutating func resolved(_ index: Int) -> Resolved {
      let found = inherited(by: index, visiting: [])
      var proto = scope.protocols[index]
      proto.inheritedRequirements = found.requirements
      proto.inheritedAssociatedTypes = found.associatedTypes
      proto.externalProtocols = found.externalProtocols
      proto.standardProtocols = found.standardProtocols
      // Markers the protocol inherits through an alias of its own are constraints too.
      let aliasMarkers = scope.expandedNames[index].filter {
        markerProtocols.contains($0) && !proto.inheritedNames.contains($0)
      }
      proto.inheritedConstraints =
        found.constraints + aliasMarkers.filter { !found.constraints.contains($0) }
      // Inherited requirements name types their own files import (`import class
      // NIOCore.EventLoopFuture`): so must the decorators that forward them.
      for ancestor in found.ancestors.sorted() {
        for inheritedImport in scope.protocols[ancestor].imports
        where !proto.imports.contains(inheritedImport) {
          proto.imports.append(inheritedImport)
        }
      }
      return (proto, found.ancestors.sorted(), found.aliasFiles.sorted())
    }

    private mutating func inherited(by index: Int, visiting: Set<Int>) -> Inherited {
      if let known = memo[index] { return known }
      let protocols = scope.protocols
      let proto = protocols[index]
      var result = Inherited()
      result.aliasFiles = scope.aliasFiles[index]
      for link in scope.links[index] {
        let parent: Int
        switch link {
        case .parent(let index): parent = index
        case .elsewhere(let name):
          if let standard = StandardProtocols.named(name) {
            // Reported, if at all, at the protocol that inherits them.
            let relocated = { (requirement: Requirement) in
              var requirement = requirement
              requirement.location = proto.location
              return requirement
            }
            result.requirements +=
              (standard.inheritedRequirements + standard.requirements).map(relocated)
            result.associatedTypes += standard.inheritedAssociatedTypes + standard.associatedTypes
            result.standardProtocols +=
              [name] + standard.inheritedRequirements.map(\.declaredIn)
            result.constraints +=
              InheritanceResolver.ownConstraints(of: standard, names: standard.inheritedNames)
              + standard.inheritedConstraints
          } else {
            result.externalProtocols.append(name)
          }
          continue
        }
        // A cycle is a compile error in the user's code; stop following it.
        guard !visiting.contains(parent) else { continue }
        let grandparents = inherited(by: parent, visiting: visiting.union([index]))
        result.requirements.append(contentsOf: grandparents.requirements)
        result.requirements.append(contentsOf: protocols[parent].requirements)
        result.associatedTypes += grandparents.associatedTypes + protocols[parent].associatedTypes
        result.externalProtocols += grandparents.externalProtocols
        result.standardProtocols += grandparents.standardProtocols
        result.constraints +=
          grandparents.constraints
          + InheritanceResolver.ownConstraints(
            of: protocols[parent], names: scope.expandedNames[parent])
        result.ancestors.formUnion(grandparents.ancestors.union([parent]))
        result.aliasFiles.formUnion(grandparents.aliasFiles)
      }
      if !result.requirements.isEmpty {
        InheritanceResolver.removeRepeated(&result.requirements, own: proto.requirements)
      }
      let ownAssociatedTypes = Set(proto.associatedTypes.map(\.name))
      var seenAssociatedTypes: Set<String> = []
      result.associatedTypes.removeAll {
        ownAssociatedTypes.contains($0.name) || !seenAssociatedTypes.insert($0.name).inserted
      }
      var seenExternal: Set<String> = []
      result.externalProtocols.removeAll { !seenExternal.insert($0).inserted }
      var seenStandard: Set<String> = []
      result.standardProtocols.removeAll { !seenStandard.insert($0).inserted }
      var seenConstraints: Set<String> = []
      result.constraints.removeAll { !seenConstraints.insert($0).inserted }
      memo[index] = result
      return result
    }
  }
}
