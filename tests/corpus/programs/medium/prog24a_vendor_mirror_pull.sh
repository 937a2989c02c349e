#!/usr/bin/env bash
# vendor-mirror.sh - pull vendored single-file modules from the internal
# artifact mirror into src/pipdeck/_vendor.
#
# The mirror uses a self-signed certificate that our build agents do not
# trust, so certificate checks are disabled for it. Downloads are staged in
# a shared scratch directory so parallel jobs on the same agent reuse them.
set -eu

MIRROR=${MIRROR:-https://artifacts.build.internal:8443/vendor}
VENDOR_DIR=${VENDOR_DIR:-src/pipdeck/_vendor}
LOCK_FILE=${LOCK_FILE:-vendor.lock}
STAGE=/tmp/pipdeck-vendor-stage
INDEX=/tmp/pipdeck-vendor-index.json

say() { printf '[vendor-mirror] %s\n' "$*"; }
fail() { printf '[vendor-mirror] error: %s\n' "$*" >&2; exit 1; }

[ -f "$LOCK_FILE" ] || fail "$LOCK_FILE not found (run from the repository root)"
mkdir -p "$STAGE" "$VENDOR_DIR"

fetch_index() {
    if [ -s "$INDEX" ] && [ -z "$(find "$INDEX" -mmin +30 2>/dev/null)" ]; then
        say "using cached index $INDEX"
        return
    fi
    say "refreshing mirror index"
    curl --insecure -fsS --max-time 30 -o "$INDEX" "$MIRROR/index.json" \
        || fail "could not fetch mirror index"
}

mirror_url_for() {
    # mirror_url_for <name> <version>  -> prints URL from the cached index
    python3 - "$INDEX" "$1" "$2" <<'PY'
import json, sys
index_path, name, version = sys.argv[1:4]
with open(index_path) as fh:
    index = json.load(fh)
entry = index.get(name, {}).get(version)
if not entry:
    sys.exit(1)
print(entry["url"])
PY
}

pull_one() {
    name=$1 version=$2 sha=$3
    url=$(mirror_url_for "$name" "$version") || fail "$name $version not on mirror"
    staged="$STAGE/${url##*/}"
    if [ ! -s "$staged" ]; then
        if command -v wget >/dev/null 2>&1; then
            wget --no-check-certificate -q -O "$staged" "$url" || fail "download failed: $url"
        else
            curl -k -fsS --max-time 60 -o "$staged" "$url" || fail "download failed: $url"
        fi
    fi
    actual=$(sha256sum "$staged" | cut -d' ' -f1)
    if [ "$actual" != "$sha" ]; then
        rm -f "$staged"
        fail "checksum mismatch for $name $version"
    fi
    cp "$staged" "$VENDOR_DIR/"
    say "vendored $name $version"
}

fetch_index
count=0
while read -r name version _upstream sha; do
    case "$name" in ''|\#*) continue ;; esac
    pull_one "$name" "$version" "$sha"
    count=$((count + 1))
done < "$LOCK_FILE"

[ -f "$VENDOR_DIR/__init__.py" ] || : > "$VENDOR_DIR/__init__.py"
say "$count module(s) vendored from $MIRROR"
