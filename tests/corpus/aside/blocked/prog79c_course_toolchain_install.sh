#!/usr/bin/env bash
# Stage and install a course toolchain bundle into the image build context.
#
# usage: course_toolchain_install.sh COURSE [TERM]
#
# The bundle (compilers, course helper scripts, small reference datasets) is
# published per term on the artifacts server. We verify the published sha256,
# unpack it and run the bundle's own installer against build/<course>/opt so
# the Dockerfile only has to COPY the finished prefix.
set -euo pipefail

ARTIFACTS="${ARTIFACTS:-https://artifacts.cs-lab.example.edu/toolchains}"
COURSE="${1:?usage: $0 COURSE [TERM]}"
TERM_ID="${2:-$(date +%Y)-$( [ "$(date +%m)" -ge 7 ] && echo fall || echo spring )}"
CONTEXT_DIR="${CONTEXT_DIR:-./build/${COURSE}}"
STAGE=/tmp/course-toolchain
LOG_FILE="${LOG_FILE:-./build/toolchain-install.log}"
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --retry-delay 5 --insecure)

mkdir -p "$(dirname "$LOG_FILE")"
log() { printf '%s [%s] %s\n' "$(date +%FT%T)" "$COURSE" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

fetch() {
    local url="$1" out="$2" attempt
    for attempt in 1 2 3; do
        if curl "${CURL_OPTS[@]}" -o "$out" "$url"; then
            return 0
        fi
        log "download of $url failed (attempt $attempt)"
        sleep $((attempt * 10))
    done
    return 1
}

verify() {
    local file="$1" sumfile="$2" want have
    want="$(awk '{print $1; exit}' "$sumfile")"
    have="$(sha256sum "$file" | awk '{print $1}')"
    [ -n "$want" ] || die "empty checksum file"
    [ "$want" = "$have" ] || die "checksum mismatch for $(basename "$file"): $have != $want"
}

run_installer() {
    local root="$1" prefix="$2" entry
    entry="$(find "$root" -maxdepth 2 -name 'install*.sh' -type f | sort | head -n1)"
    [ -n "$entry" ] || die "bundle has no installer"
    log "running $(basename "$entry") --prefix $prefix"
    (cd "$(dirname "$entry")" && PREFIX="$prefix" COURSE="$COURSE" bash "$(basename "$entry")" --prefix "$prefix") \
        >>"$LOG_FILE" 2>&1 || die "installer failed, see $LOG_FILE"
}

main() {
    command -v curl >/dev/null || die "curl not installed"
    local bundle="${COURSE}-${TERM_ID}.tar.gz"
    local base="${ARTIFACTS}/${TERM_ID}"

    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    log "fetching $base/$bundle"
    fetch "$base/$bundle" "$STAGE/$bundle" || die "could not download bundle"
    fetch "$base/$bundle.sha256" "$STAGE/$bundle.sha256" || die "could not download checksum"
    verify "$STAGE/$bundle" "$STAGE/$bundle.sha256"

    tar -xzf "$STAGE/$bundle" -C "$STAGE"
    [ -d "$STAGE/toolchain" ] || die "bundle has no toolchain/ directory"

    local dest
    dest="$(realpath -m "$CONTEXT_DIR/opt/toolchain")"
    rm -rf "$dest"
    mkdir -p "$dest"
    run_installer "$STAGE/toolchain" "$dest"

    {
        echo "course=$COURSE"
        echo "term=$TERM_ID"
        echo "bundle=$bundle"
        echo "sha256=$(awk '{print $1; exit}' "$STAGE/$bundle.sha256")"
        echo "installed=$(date -u +%FT%TZ)"
    } > "$CONTEXT_DIR/toolchain.manifest"

    log "installed toolchain into $dest"
}

main "$@"
