#!/bin/sh
# asset_fingerprint.sh -- poor man's asset pipeline: strip comments/blank
# lines from CSS and JS, fingerprint the result and write a manifest.
# Usage: ./scripts/asset_fingerprint.sh [src_dir] [out_dir]
set -eu

SRC=${1:-static/src}
OUT=${2:-static/dist}
MANIFEST="$OUT/manifest.json"
HASHLEN=${HASHLEN:-10}

say() { printf '%s\n' "$*" >&2; }

case "$OUT" in
    /*|..*|*/..*|"") say "refusing out dir '$OUT' (must be relative)"; exit 2 ;;
esac
[ -d "$SRC" ] || { say "no source dir: $SRC"; exit 1; }

if command -v md5sum >/dev/null 2>&1; then
    digest() { md5sum "$1" | cut -c1-"$HASHLEN"; }
else
    digest() { md5 -q "$1" | cut -c1-"$HASHLEN"; }
fi

strip_css() {
    # remove /* */ comments on a single line, collapse whitespace
    sed -e 's:/\*[^*]*\*\+\([^/*][^*]*\*\+\)*/::g' \
        -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' \
        -e 's/[[:space:]]*\([{};:,]\)[[:space:]]*/\1/g' "$1" | tr -s '\n' | tr -d '\n'
}

strip_js() {
    sed -e 's:^[[:space:]]*//.*$::' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$1" \
        | grep -v '^$' || true
}

# own build output only: wipe and recreate the dist directory
rm -rf -- "./$OUT"
mkdir -p -- "$OUT"

first=1
printf '{\n' > "$MANIFEST"
for f in "$SRC"/*.css "$SRC"/*.js; do
    [ -f "$f" ] || continue
    base=${f##*/}
    stem=${base%.*}
    ext=${base##*.}
    tmp="$OUT/.${stem}.${ext}.tmp"
    case $ext in
        css) strip_css "$f" > "$tmp" ;;
        js)  strip_js "$f" > "$tmp" ;;
    esac
    h=$(digest "$tmp")
    final="$OUT/${stem}.${h}.${ext}"
    mv -- "$tmp" "$final"
    before=$(wc -c < "$f"); after=$(wc -c < "$final")
    say "$base -> ${final##*/} ($before -> $after bytes)"
    [ $first -eq 1 ] || printf ',\n' >> "$MANIFEST"
    first=0
    printf '  "%s": "%s"' "$base" "${final##*/}" >> "$MANIFEST"
done
printf '\n}\n' >> "$MANIFEST"
chmod 0644 "$MANIFEST"
say "manifest written to $MANIFEST"
