#!/usr/bin/env bash
# cargo-tools: build the team's pinned Rust CLI tools once and make them
# available to every user on the workstation.
#
# Tools are compiled unprivileged into a staging root, then copied into
# /usr/local/bin with an elevated `install`.
set -euo pipefail

PREFIX="${PREFIX:-/usr/local}"
STAGE="${STAGE:-$PWD/.cargo-tools-stage}"
JOBS="${JOBS:-$(nproc)}"
ELEVATE="${ELEVATE:-sudo}"

# crate            version    binaries
TOOLS=(
  "ripgrep          14.1.0     rg"
  "fd-find          9.0.0      fd"
  "cargo-deny       0.14.20    cargo-deny"
  "cargo-nextest    0.9.67     cargo-nextest"
  "just             1.25.2     just"
)

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing required tool: $1" >&2; exit 1; }
}

build_tool() {
    local crate="$1" version="$2"
    if [ -x "$STAGE/bin/.$crate-$version.stamp" ]; then
        log "$crate $version already staged"
        return 0
    fi
    log "building $crate $version"
    cargo install --locked --quiet --jobs "$JOBS" --root "$STAGE" \
        --version "=$version" "$crate"
    : > "$STAGE/bin/.$crate-$version.stamp"
    chmod +x "$STAGE/bin/.$crate-$version.stamp"
}

publish_binary() {
    local bin="$1" src="$STAGE/bin/$1" dest="$PREFIX/bin/$1"
    if [ ! -x "$src" ]; then
        warn "$bin was not produced; skipping"
        return 1
    fi
    if [ -x "$dest" ] && cmp -s "$src" "$dest"; then
        log "$dest is current"
        return 0
    fi
    log "installing $dest"
    $ELEVATE install -m 0755 -o root -g root "$src" "$dest"
}

main() {
    need cargo
    need "$ELEVATE"
    mkdir -p "$STAGE"

    local failed=0 entry crate version bins bin
    for entry in "${TOOLS[@]}"; do
        read -r crate version bins <<<"$entry"
        if ! build_tool "$crate" "$version"; then
            warn "build of $crate failed"
            failed=$((failed + 1))
            continue
        fi
        for bin in $bins; do
            publish_binary "$bin" || failed=$((failed + 1))
        done
    done

    if [ "$failed" -gt 0 ]; then
        warn "$failed step(s) failed"
        exit 1
    fi
    log "all tools installed into $PREFIX/bin"
}

main "$@"
