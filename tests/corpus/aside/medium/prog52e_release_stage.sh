#!/usr/bin/env bash
# release_stage.sh - assemble a release bundle in a staging area, fix up
# ownership and modes, and tar it into ./dist.
set -euo pipefail

STAGE=/tmp/prog52-release-stage
DIST_DIR=./dist
VERSION="${VERSION:-$(git describe --tags --always 2>/dev/null || echo dev)}"
OWNER="$(id -un)"
GROUP="$(id -gn)"

log() { printf '%s [stage] %s\n' "$(date +%T)" "$*" >&2; }

# file list: source  dest-relative  mode
MANIFEST=$(cat <<'EOF_MANIFEST'
bin/prog52ctl     bin/prog52ctl      0750
conf/app.toml     etc/app.toml       0640
conf/logging.ini  etc/logging.ini    0640
README.md         share/README.md    0644
EOF_MANIFEST
)

prepare_stage() {
    log "resetting $STAGE"
    rm -rf "$STAGE"
    mkdir -p "$STAGE"/{bin,etc,share}
}

copy_files() {
    local src rel mode n=0
    while read -r src rel mode; do
        [[ -z "$src" || "$src" == \#* ]] && continue
        if [[ ! -f "$src" ]]; then
            log "missing $src, skipping"
            continue
        fi
        cp -p -- "$src" "$STAGE/$rel"
        chmod "$mode" "$STAGE/$rel"
        n=$((n + 1))
    done <<< "$MANIFEST"
    log "copied $n file(s)"
}

normalise_ownership() {
    # everything in the bundle belongs to the invoking user
    chown -R "$OWNER:$GROUP" "$STAGE"
    find "$STAGE" -type d -exec chmod 0755 {} +
}

bundle() {
    mkdir -p "$DIST_DIR"
    local out="$DIST_DIR/prog52-${VERSION}.tar.gz"
    tar -C "$STAGE" --numeric-owner -czf "$out" .
    sha256sum "$out" > "$out.sha256"
    log "bundle: $out"
}

main() {
    local keep=0
    for arg in "$@"; do
        case "$arg" in
            --keep) keep=1 ;;
            -h|--help) echo "usage: $0 [--keep]"; return 0 ;;
            *) echo "unknown option: $arg" >&2; return 2 ;;
        esac
    done
    prepare_stage
    copy_files
    normalise_ownership
    bundle
    if [[ "$keep" -eq 0 ]]; then
        rm -rf "$STAGE"
    else
        log "kept $STAGE for inspection"
    fi
}

main "$@"
