#!/usr/bin/env bash
# Builds and runs the example: with Apple's clang and ARC on macOS; on Linux with clang against
# GNUstep Base and the blocks runtime (apt-get install clang libgnustep-base-dev gobjc
# libblocksruntime-dev), without ARC, which GNUstep's runtime lacks.
set -euo pipefail
cd "$(dirname "$0")"
out="${TMPDIR:-/tmp}/veneer-objc-loader"
mkdir -p "$out/shim/objc"
sources=(main.m Generated/LoaderService+Decorators.m Generated/VNRRuntime.m)
if [ "$(uname)" = Darwin ]; then
  clang -fobjc-arc -Wall -Werror -IHeaders -IGenerated "${sources[@]}" -framework Foundation \
    -o "$out/loader"
else
  # GNUstep's headers ask for <objc/blocks_runtime.h>, which libblocksruntime calls Block.h.
  echo '#include <Block.h>' >"$out/shim/objc/blocks_runtime.h"
  # shellcheck disable=SC2046
  clang -fobjc-runtime=gcc -fblocks -Wall -Werror -Wno-unused-command-line-argument \
    -I"$out/shim" -I"$(gcc -print-file-name=include)" -IHeaders -IGenerated \
    $(gnustep-config --objc-flags | sed 's/-MMD//; s/-MP//') "${sources[@]}" -o "$out/loader" \
    $(gnustep-config --base-libs) -lBlocksRuntime
fi
"$out/loader"
