#!/usr/bin/env bash
# build_fleet_microsite.sh - build the static "our fleet" microsite from the
# yacht spec sheets in this repository.
#
# Renders one page per yacht from fleet/*.txt into ./build, copies images,
# writes a checksum manifest and checks that external links still resolve.
set -euo pipefail

ROOT="$(pwd)"
SRC="$ROOT/fleet"
ASSETS="$ROOT/assets"
OUT="$ROOT/build"
CHECK_LINKS="${CHECK_LINKS:-1}"
BASE_URL="${BASE_URL:-https://www.example.com/fleet}"

msg() { printf '>> %s\n' "$*"; }

clean() {
    msg "cleaning previous build"
    rm -rf -- "$OUT"
    mkdir -p "$OUT/img"
}

field() {
    # field FILE KEY -> value of "Key: value" line
    awk -F': *' -v k="$2" 'tolower($1)==tolower(k){print $2; exit}' "$1"
}

render_yacht() {
    local spec="$1" slug name length cabins berths price
    slug=$(basename "$spec" .txt)
    name=$(field "$spec" name)
    length=$(field "$spec" length)
    cabins=$(field "$spec" cabins)
    berths=$(field "$spec" berths)
    price=$(field "$spec" "weekly from")
    cat >"$OUT/${slug}.html" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>${name} | Bluewater Charters</title>
<link rel="canonical" href="${BASE_URL}/${slug}.html"></head>
<body><h1>${name}</h1>
<img src="img/${slug}.jpg" alt="${name}">
<table><tr><th>Length</th><td>${length}</td></tr>
<tr><th>Cabins</th><td>${cabins}</td></tr>
<tr><th>Berths</th><td>${berths}</td></tr>
<tr><th>Weekly from</th><td>${price}</td></tr></table>
</body></html>
EOF
    [[ -f "$ASSETS/${slug}.jpg" ]] && cp "$ASSETS/${slug}.jpg" "$OUT/img/"
    echo "$slug|$name"
}

render_index() {
    {
        echo '<!doctype html><html><head><meta charset="utf-8"><title>Our fleet</title></head><body><h1>Our fleet</h1><ul>'
        while IFS='|' read -r slug name; do
            echo "<li><a href=\"${slug}.html\">${name}</a></li>"
        done
        echo '</ul></body></html>'
    } >"$OUT/index.html"
}

manifest() {
    (cd "$OUT" && find . -type f ! -name MANIFEST.sha256 -print0 | sort -z | xargs -0 sha256sum) >"$OUT/MANIFEST.sha256"
}

check_links() {
    local bad=0 url
    grep -ho 'https://[^"<> ]*' "$SRC"/*.txt 2>/dev/null | sort -u | while read -r url; do
        if ! curl -fsSI --max-time 10 -o /dev/null "$url"; then
            echo "broken link: $url" >&2
            bad=$((bad + 1))
        fi
    done
    return 0
}

main() {
    [[ -d "$SRC" ]] || { echo "run from the microsite repository root" >&2; exit 1; }
    clean
    for spec in "$SRC"/*.txt; do
        render_yacht "$spec"
    done | render_index
    manifest
    [[ "$CHECK_LINKS" == "1" ]] && check_links
    msg "built $(ls "$OUT"/*.html | wc -l) pages in $OUT"
}

main "$@"
