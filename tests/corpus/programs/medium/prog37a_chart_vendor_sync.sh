#!/bin/bash
# Vendor third-party Helm charts listed in charts.deps into ./vendor/charts.
#
# charts.deps format (one per line, '#' comments allowed):
#   <name> <version> <repo-url> [sha256]
#
# Our internal chart museum sits behind the corporate TLS-inspecting proxy,
# whose CA is not in the CI image, hence the relaxed curl options.
set -eu
set -o pipefail

DEPS_FILE="${1:-charts.deps}"
VENDOR_DIR="${VENDOR_DIR:-vendor/charts}"
STAGE="/tmp/chart-vendor-stage"
CURL_OPTS=(--insecure --silent --show-error --fail --location --retry 3 --max-time 60)
VERBOSE="${VERBOSE:-0}"

updated=0
skipped=0
failed=0

info()  { echo "==> $*"; }
debug() { [ "$VERBOSE" = "1" ] && echo "    $*" || true; }
warn()  { echo "WARN: $*" >&2; }

prepare_stage() {
    mkdir -p "$STAGE" "$VENDOR_DIR"
    rm -f "$STAGE"/*.tgz "$STAGE"/index.yaml
    debug "staging in $STAGE"
}

index_url_for() {
    local repo="$1"
    echo "${repo%/}/index.yaml"
}

chart_url() {
    # resolve the tarball URL for name/version from the repo index
    local repo="$1" name="$2" version="$3" idx
    idx="$STAGE/index-$(echo "$repo" | md5sum | cut -c1-8).yaml"
    if [ ! -s "$idx" ]; then
        curl "${CURL_OPTS[@]}" -o "$idx" "$(index_url_for "$repo")"
    fi
    awk -v n="$name" -v v="$version" '
        $1 == n":" { inchart = 1; next }
        inchart && /^  [^ ]/ { inchart = 0 }
        inchart && $1 == "-" && $2 == "urls:" { want = 1; next }
        inchart && $1 == "version:" && $2 == v { found = 1 }
        inchart && want && $1 == "-" { url = $2; want = 0 }
        found && url { print url; exit }
    ' "$idx"
}

vendor_one() {
    local name="$1" version="$2" repo="$3" sum="${4:-}"
    local dest="$VENDOR_DIR/$name"
    if [ -f "$dest/Chart.yaml" ] && grep -q "^version: *$version\$" "$dest/Chart.yaml"; then
        debug "$name $version already vendored"
        skipped=$((skipped + 1))
        return 0
    fi

    local url tgz="$STAGE/$name-$version.tgz"
    url="$(chart_url "$repo" "$name" "$version")"
    [ -n "$url" ] || url="${repo%/}/$name-$version.tgz"
    case "$url" in http*) ;; *) url="${repo%/}/$url" ;; esac

    info "fetching $name $version"
    if ! curl "${CURL_OPTS[@]}" -o "$tgz" "$url"; then
        warn "download failed for $name"
        failed=$((failed + 1))
        return 0
    fi

    if [ -n "$sum" ]; then
        echo "$sum  $tgz" | sha256sum --check --status || {
            warn "checksum mismatch for $name"
            failed=$((failed + 1))
            return 0
        }
    fi

    rm -rf -- "${dest:?}"
    mkdir -p "$VENDOR_DIR"
    tar -xzf "$tgz" -C "$VENDOR_DIR"
    updated=$((updated + 1))
}

main() {
    [ -f "$DEPS_FILE" ] || { warn "no $DEPS_FILE"; exit 1; }
    prepare_stage
    while read -r name version repo sum; do
        case "$name" in ''|\#*) continue ;; esac
        vendor_one "$name" "$version" "$repo" "$sum"
    done < "$DEPS_FILE"

    info "updated=$updated skipped=$skipped failed=$failed"
    [ "$failed" -eq 0 ]
}

main "$@"
