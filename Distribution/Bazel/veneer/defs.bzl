"""veneer_decorators: Veneer's decorators for Swift sources, one generated file per source file.

Each source gets an action of its own that writes its decorators file, as Veneer's SwiftPM build
plugin names it (`Services/Shows.swift` gives `Services.Shows+Decorators.swift`, empty of
decorators when the file declares none), so that a `swift_library` can list them in `srcs`. One
more action per target finds, for each source, the other files its protocols are made of (what
they inherit, the aliases and result-like enums they name) and copies them into a folder of the
source's own: a source's action reads only its file and that folder, and so runs again only when
one of them changes. Veneer runs as a tool for the execution platform, with no cache folder, and
writes no absolute path. Each action hands Veneer the list of its inputs (`--declared-inputs`):
a template or source that `config` names beyond them is an error that says to declare it, where
an unsandboxed or remotely cached build would keep stale decorators.
"""

_DECORATORS_SUFFIX = "+Decorators.swift"

def _root(ctx):
    """The folder output names are made from, as the actions see paths."""
    return "/".join([part for part in [ctx.label.workspace_root, ctx.label.package, ctx.attr.root] if part])

def _stem(src, root):
    """`Services.Shows` for `<root>/Services/Shows.swift`: Veneer's own naming of the file."""
    path = src.path
    if root and path.startswith(root + "/"):
        path = path[len(root) + 1:]
    if path.endswith(".swift"):
        path = path[:-len(".swift")]
    return path.replace("/", ".")

def _veneer_decorators_impl(ctx):
    srcs = _sorted_by_path([f for f in ctx.files.srcs if f.extension == "swift"])
    if not srcs:
        fail("veneer_decorators: 'srcs' holds no .swift file")
    references = _sorted_by_path([f for f in ctx.files.references if f.extension == "swift"])
    templates = ctx.files.templates
    template_parts = ctx.files.template_parts
    config = ctx.file.config
    root = _root(ctx)

    stems = {}
    for src in srcs:
        stem = _stem(src, root)
        if stem in stems:
            fail("veneer_decorators: %s and %s would write the same file" % (stems[stem].path, src.path))
        stems[stem] = src

    # One action for the target: for each source, the files its protocols are made of.
    folders = {
        stem: ctx.actions.declare_directory("%s.veneer/references/%s" % (ctx.label.name, stem))
        for stem in stems
    }
    args = ctx.actions.args()
    args.add("parse")
    args.add("--references-per-source", folders[_first(stems)].dirname)
    args.add("--file-per-source", root)
    args.add_all(references, before_each = "--reference")
    args.add_all(srcs)
    ctx.actions.run(
        executable = ctx.executable.veneer,
        arguments = [args],
        inputs = srcs + references,
        outputs = folders.values(),
        mnemonic = "VeneerReferences",
        progress_message = "Finding what the protocols of %s inherit" % ctx.label,
    )

    # One action per source: its decorators, from its file and its folder of references.
    outputs = []
    for stem, src in stems.items():
        out = ctx.actions.declare_file(
            "%s.veneer/decorators/%s/%s%s" % (ctx.label.name, stem, stem, _DECORATORS_SUFFIX),
        )
        args = ctx.actions.args()
        args.add_all(["generate", "--no-cache", "--quiet"])
        args.add("--output", out.dirname)
        args.add("--file-per-source", root)
        if config:
            args.add("--config", config)
        args.add_all(ctx.attr.template_names, before_each = "--template")
        args.add_all(templates, before_each = "--template")
        args.add_all(ctx.attr.written_elsewhere, before_each = "--written-elsewhere")
        args.add_all(ctx.attr.imports, before_each = "--import")
        if ctx.attr.all:
            args.add("--all")
        if ctx.attr.public:
            args.add("--public")
        args.add("--reference", folders[stem].path)
        args.add("--sources", src)
        inputs = [src, folders[stem]] + templates + template_parts + ([config] if config else [])
        declared = ctx.actions.declare_file("%s.veneer/inputs/%s" % (ctx.label.name, stem))
        ctx.actions.write(declared, "".join([f.path + "\n" for f in inputs]))
        args.add("--declared-inputs", declared)
        ctx.actions.run(
            executable = ctx.executable.veneer,
            arguments = [args],
            inputs = inputs + [declared],
            outputs = [out],
            mnemonic = "VeneerDecorators",
            progress_message = "Generating decorators for %s" % src.short_path,
        )
        outputs.append(out)
    return [DefaultInfo(files = depset(outputs))]

def _sorted_by_path(files):
    by_path = {f.path: f for f in files}
    return [by_path[path] for path in sorted(by_path.keys())]

def _first(dictionary):
    for key in dictionary:
        return key
    return None

veneer_decorators = rule(
    implementation = _veneer_decorators_impl,
    doc = "Veneer's decorators for `srcs`, one `<path>+Decorators.swift` file per source file.",
    attrs = {
        "srcs": attr.label_list(
            allow_files = [".swift"],
            mandatory = True,
            doc = "The Swift sources whose protocols are decorated (a swift_library's srcs).",
        ),
        "references": attr.label_list(
            allow_files = [".swift"],
            doc = "Sources of other modules, read for the protocols `srcs` inherit from, never decorated.",
        ),
        "config": attr.label(
            allow_single_file = [".yml", ".yaml"],
            doc = "A veneer.yml; its paths are read from its own folder.",
        ),
        "templates": attr.label_list(
            allow_files = [".stencil"],
            doc = "Templates of your own (.stencil files).",
        ),
        "template_parts": attr.label_list(
            allow_files = [".stencil"],
            doc = "Parts your templates include or extend, by the path their tags give from the template's folder: inputs of each action, never rendered on their own.",
        ),
        "written_elsewhere": attr.string_list(
            doc = "Built-ins another target writes for these sources (`--written-elsewhere`): annotations asking for them are not errors here.",
        ),
        "template_names": attr.string_list(
            doc = "Built-in templates by name (`logging`, `tracing`, ...), as `--template` takes them.",
        ),
        "imports": attr.string_list(
            doc = "Modules every generated file imports: the module of `srcs` when the decorators are compiled in another.",
        ),
        "all": attr.bool(
            default = False,
            doc = "Decorate every protocol, annotated or not (`--all`).",
        ),
        "public": attr.bool(
            default = False,
            doc = "Make the decorators public (`--public`).",
        ),
        "root": attr.string(
            doc = "The folder, relative to this package, the output names are made from; this package's by default.",
        ),
        "veneer": attr.label(
            default = Label("@veneer//:veneer"),
            executable = True,
            cfg = "exec",
            allow_files = True,
            doc = "Veneer's executable: the prebuilt one (veneer_prebuilt) or one built from source (veneer_from_source).",
        ),
    },
)
