"""Where veneer_decorators' tool comes from: the prebuilt binary or a build from source.

    load("@veneer_rules//veneer:repositories.bzl", "veneer_prebuilt")
    veneer_prebuilt(name = "veneer", url = ".../veneer.artifactbundle.zip", sha256 = "...")

The prebuilt `veneer` of the artifact bundle is linked statically (no Swift toolchain on the
machine that runs it, local or remote executor). `veneer_from_source` builds it with the
machine's `swift` instead, for those who build everything from source.
"""

_BUILD = """
exports_files(["veneer"])

filegroup(name = "tool", srcs = ["veneer"])
"""

def _veneer_prebuilt_impl(repository_ctx):
    if repository_ctx.attr.bundle:
        bundle = repository_ctx.path(repository_ctx.attr.bundle)
        repository_ctx.extract(bundle, output = "bundle")
    else:
        repository_ctx.download_and_extract(
            url = repository_ctx.attr.url,
            sha256 = repository_ctx.attr.sha256,
            output = "bundle",
        )
    found = repository_ctx.execute(["sh", "-c", "ls bundle/veneer.artifactbundle/*/bin/veneer"])
    binaries = [line for line in found.stdout.splitlines() if line]
    if found.return_code != 0 or len(binaries) != 1:
        fail("veneer_prebuilt: the bundle holds no single veneer.artifactbundle/*/bin/veneer")
    repository_ctx.file("BUILD.bazel", _BUILD)
    repository_ctx.symlink(binaries[0], "veneer")

veneer_prebuilt = repository_rule(
    implementation = _veneer_prebuilt_impl,
    doc = "Veneer's prebuilt executable from its artifact bundle (veneer.artifactbundle.zip).",
    attrs = {
        "url": attr.string(doc = "Where to download the bundle's zip."),
        "sha256": attr.string(doc = "The zip's checksum (as `swift package compute-checksum` prints it)."),
        "bundle": attr.label(allow_single_file = [".zip"], doc = "The zip, as a file of the workspace, instead of `url`."),
    },
)

def _veneer_from_source_impl(repository_ctx):
    package = repository_ctx.path(repository_ctx.attr.package)
    scratch = repository_ctx.attr.scratch_path or str(package) + "/.build-bazel"
    build = ["swift", "build", "--package-path", str(package), "--scratch-path", scratch, "-c", "release", "--product", "veneer"]
    if repository_ctx.attr.static_stdlib and repository_ctx.os.name.startswith("linux"):
        build.append("--static-swift-stdlib")
    result = repository_ctx.execute(build, timeout = 7200, quiet = False)
    if result.return_code != 0:
        fail("veneer_from_source: swift build failed:\n" + result.stderr)
    bin_path = repository_ctx.execute(build + ["--show-bin-path"]).stdout.strip()
    repository_ctx.file("BUILD.bazel", _BUILD)
    repository_ctx.execute(["cp", bin_path + "/veneer", "veneer"])

veneer_from_source = repository_rule(
    implementation = _veneer_from_source_impl,
    doc = "Veneer built from its package with the machine's `swift`, in release.",
    local = True,
    attrs = {
        "package": attr.string(mandatory = True, doc = "The absolute path of Veneer's package (its Package.swift's folder)."),
        "scratch_path": attr.string(doc = "SwiftPM's build folder; `<package>/.build-bazel` by default."),
        "static_stdlib": attr.bool(
            default = True,
            doc = "Link the Swift runtime statically (Linux), so that executors need no toolchain.",
        ),
    },
)
