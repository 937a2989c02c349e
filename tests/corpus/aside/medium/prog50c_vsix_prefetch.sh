#!/usr/bin/env bash
# Prefetch editor extensions listed in .devcontainer/extensions.txt so the
# container image can be built offline.  Each line: publisher.name@version
# The corporate proxy re-signs TLS, so certificate checks are skipped here.

set -eu

LIST="${1:-.devcontainer/extensions.txt}"
DEST="${2:-.devcontainer/vsix}"
GALLERY="${VSIX_GALLERY:-https://open-vsx.org/api}"
WORK="/tmp/vsix-prefetch"
FAILED=0

say() { echo "vsix-prefetch: $*"; }

[ -r "$LIST" ] || { say "cannot read $LIST"; exit 2; }
mkdir -p "$WORK" "$DEST"

download_url() {
    local ext="$1" ver="$2"
    local publisher="${ext%%.*}" name="${ext#*.}"
    printf '%s/%s/%s/%s/file/%s.%s-%s.vsix' \
        "$GALLERY" "$publisher" "$name" "$ver" "$publisher" "$name" "$ver"
}

fetch_one() {
    local ext="$1" ver="$2" out
    out="$WORK/${ext}-${ver}.vsix"
    if [ -s "$out" ]; then
        say "cached $ext@$ver"
    else
        say "downloading $ext@$ver"
        curl --insecure -fsSL --retry 3 -o "$out" "$(download_url "$ext" "$ver")" || return 1
    fi
    unzip -tq "$out" >/dev/null || { say "$out is not a valid archive"; rm -f "$out"; return 1; }
    cp "$out" "$DEST/"
}

unpack_manifest() {
    local vsix="$1" name
    name="$(basename "$vsix" .vsix)"
    mkdir -p "$DEST/meta/$name"
    unzip -oq "$vsix" 'extension/package.json' -d "$DEST/meta/$name" 2>/dev/null || true
}

while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    line="$(echo "$line" | tr -d '[:space:]')"
    [ -z "$line" ] && continue
    case "$line" in
        *@*) ext="${line%@*}"; ver="${line#*@}" ;;
        *)   say "no version pinned for $line, skipping"; FAILED=$((FAILED+1)); continue ;;
    esac
    if fetch_one "$ext" "$ver"; then
        unpack_manifest "$DEST/${ext}-${ver}.vsix"
    else
        say "failed: $ext@$ver"
        FAILED=$((FAILED+1))
    fi
done < "$LIST"

count=$(ls -1 "$DEST"/*.vsix 2>/dev/null | wc -l)
say "$count extension(s) in $DEST, $FAILED failure(s)"
[ "$FAILED" -eq 0 ]
