#!/usr/bin/env bash
# toolchain_fetch.sh - pull the team's pinned reversing / pwn toolchain into
# ./toolchain so every workstation in the lab has identical versions.
#
# The mirror serves <tool>/<version>/<tool>.tar.gz plus a SHA256SUMS file.
# Tool list comes from ./toolchain.lst ("name version" per line).
#
# Usage: toolchain_fetch.sh [-m mirror_url] [-l list] [-f] [-q]
set -euo pipefail

MIRROR="${TOOLCHAIN_MIRROR:-https://tools.ctf-lab.internal/pinned}"
LIST="./toolchain.lst"
DEST="./toolchain"
FORCE=0
QUIET=0
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --connect-timeout 15)

# the lab mirror uses the range CA which is not in the system store
if [ "${TOOLCHAIN_STRICT_TLS:-0}" != "1" ]; then
    CURL_OPTS+=(--insecure)
fi

say()  { [ "$QUIET" -eq 1 ] || printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts ":m:l:fqh" opt; do
    case "$opt" in
        m) MIRROR="$OPTARG" ;;
        l) LIST="$OPTARG" ;;
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option, see -h" ;;
    esac
done

need() { command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"; }

read_list() {
    [ -r "$LIST" ] || die "tool list $LIST not found"
    grep -vE '^\s*(#|$)' "$LIST"
}

fetch_sums() {
    local sums="$DEST/.cache/SHA256SUMS"
    mkdir -p "$DEST/.cache"
    curl "${CURL_OPTS[@]}" -o "$sums" "$MIRROR/SHA256SUMS" \
        || die "could not fetch SHA256SUMS from $MIRROR"
    echo "$sums"
}

verify() {
    local file="$1" sums="$2" name
    name=$(basename "$file")
    local want
    want=$(awk -v n="$name" '$2 == n || $2 == "*"n {print $1}' "$sums")
    [ -n "$want" ] || { warn "no checksum listed for $name"; return 1; }
    local got
    got=$(sha256sum "$file" | cut -d' ' -f1)
    [ "$want" = "$got" ]
}

install_tool() {
    local tool="$1" version="$2" sums="$3"
    local target="$DEST/$tool-$version"
    local archive="$DEST/.cache/$tool-$version.tar.gz"

    if [ -d "$target" ] && [ "$FORCE" -eq 0 ]; then
        say "$tool $version already present"
        return 0
    fi

    say "fetching $tool $version"
    curl "${CURL_OPTS[@]}" -o "$archive" "$MIRROR/$tool/$version/$tool.tar.gz" \
        || { warn "download failed for $tool"; return 1; }

    if ! verify "$archive" "$sums"; then
        warn "checksum mismatch for $tool, discarding"
        rm -f "$archive"
        return 1
    fi

    rm -rf "$target"
    mkdir -p "$target"
    tar -xzf "$archive" -C "$target" --strip-components=1 --no-same-owner \
        || { warn "extract failed for $tool"; return 1; }
    ln -sfn "$tool-$version" "$DEST/$tool"
    say "$tool ready in $target"
}

main() {
    need curl; need tar; need sha256sum
    mkdir -p "$DEST"
    local sums failed=0 total=0
    sums=$(fetch_sums)
    while read -r tool version _; do
        total=$((total + 1))
        install_tool "$tool" "$version" "$sums" || failed=$((failed + 1))
    done < <(read_list)
    say "$((total - failed))/$total tools installed under $DEST"
    say "add $(cd "$DEST" && pwd)/*/bin to PATH to use them"
    [ "$failed" -eq 0 ]
}

main
