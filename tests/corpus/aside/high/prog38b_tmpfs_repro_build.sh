#!/usr/bin/env bash
# Reproducibility check for crate releases.
#
# Builds the crate twice from a clean `cargo package` tarball, each time in a
# freshly mounted tmpfs at a fixed path (so absolute paths embedded in debug
# info are identical), then compares the resulting artefacts bit for bit.
set -euo pipefail

BUILD_ROOT="${BUILD_ROOT:-/srv/repro}"
TMPFS_SIZE="${TMPFS_SIZE:-4g}"
TARGET="${TARGET:-x86_64-unknown-linux-gnu}"
REPORT="repro-report.txt"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
export CARGO_INCREMENTAL=0
export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=${BUILD_ROOT}=/build"

info() { echo "repro: $*"; }

cleanup() {
    if mountpoint -q "$BUILD_ROOT"; then
        sudo umount "$BUILD_ROOT" || sudo umount -l "$BUILD_ROOT"
    fi
}
trap cleanup EXIT

mount_scratch() {
    sudo mkdir -p "$BUILD_ROOT"
    if mountpoint -q "$BUILD_ROOT"; then
        sudo umount "$BUILD_ROOT"
    fi
    sudo mount -t tmpfs -o "size=${TMPFS_SIZE},mode=0755,uid=$(id -u),gid=$(id -g)" \
        repro-tmpfs "$BUILD_ROOT"
    info "mounted tmpfs (${TMPFS_SIZE}) on ${BUILD_ROOT}"
}

package_crate() {
    info "packaging crate"
    cargo package --no-verify --allow-dirty --quiet
    local name version
    name=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["packages"][0]["name"])')
    version=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["packages"][0]["version"])')
    CRATE_FILE="target/package/${name}-${version}.crate"
    CRATE_NAME="${name}"
    [[ -f "$CRATE_FILE" ]] || { echo "package not found: $CRATE_FILE" >&2; exit 1; }
}

build_once() {
    local round="$1" out="$2"
    mount_scratch
    tar -xzf "$CRATE_FILE" -C "$BUILD_ROOT"
    local src
    src=$(find "$BUILD_ROOT" -mindepth 1 -maxdepth 1 -type d | head -n1)
    info "round ${round}: building in ${src}"
    (
        cd "$src"
        cargo build --release --locked --target "$TARGET" --quiet
    )
    mkdir -p "$out"
    find "$src/target/$TARGET/release" -maxdepth 1 -type f \
        \( -perm -u+x -o -name '*.rlib' -o -name '*.so' -o -name '*.a' \) \
        -exec cp {} "$out/" \;
    sudo umount "$BUILD_ROOT"
}

compare_rounds() {
    local a="$1" b="$2" status=0
    : > "$REPORT"
    for f in "$a"/*; do
        local name; name=$(basename "$f")
        local ha hb
        ha=$(sha256sum "$f" | cut -d' ' -f1)
        hb=$(sha256sum "$b/$name" 2>/dev/null | cut -d' ' -f1 || echo missing)
        if [[ "$ha" == "$hb" ]]; then
            echo "OK       $name $ha" >> "$REPORT"
        else
            echo "MISMATCH $name $ha $hb" >> "$REPORT"
            status=1
        fi
    done
    return $status
}

main() {
    command -v cargo >/dev/null || { echo "cargo not found" >&2; exit 1; }
    package_crate
    rm -rf repro-out
    build_once 1 repro-out/round1
    build_once 2 repro-out/round2
    if compare_rounds repro-out/round1 repro-out/round2; then
        info "${CRATE_NAME}: build is reproducible"
    else
        info "${CRATE_NAME}: NOT reproducible, see ${REPORT}"
        exit 1
    fi
    cat "$REPORT"
}

main "$@"
