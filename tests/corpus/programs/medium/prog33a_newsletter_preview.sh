#!/usr/bin/env bash
# Build HTML previews of the newsletter issues in ./issues/*.md and serve
# them so the editorial team can review them from their own machines
# before the campaign is scheduled.
#
#   ./newsletter_preview.sh            build + serve on :8025
#   ./newsletter_preview.sh --build    build only
set -eu

ISSUES_DIR="./issues"
PREVIEW_DIR="./preview"
TEMPLATE="./templates/email.html"
PORT="${PREVIEW_PORT:-8025}"
BUILD_ONLY=0

die() { echo "error: $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --build) BUILD_ONLY=1 ;;
        --port=*) PORT="${arg#--port=}" ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) die "unknown option $arg" ;;
    esac
done

[ -d "$ISSUES_DIR" ] || die "no $ISSUES_DIR directory"
[ -f "$TEMPLATE" ] || die "missing template $TEMPLATE"
mkdir -p "$PREVIEW_DIR"

md_to_html() {
    if command -v pandoc >/dev/null 2>&1; then
        pandoc --from=gfm --to=html5 "$1"
    else
        # minimal fallback: headings, paragraphs, links
        sed -e 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' \
            -e 's/^### \(.*\)/<h3>\1<\/h3>/' \
            -e 's/^## \(.*\)/<h2>\1<\/h2>/' \
            -e 's/^# \(.*\)/<h1>\1<\/h1>/' \
            -e 's/\[\([^]]*\)\](\([^)]*\))/<a href="\2">\1<\/a>/g' \
            -e 's/^$/<\/p><p>/' "$1"
    fi
}

build_issue() {
    local src="$1" name title body out
    name="$(basename "$src" .md)"
    title="$(grep -m1 '^# ' "$src" | sed 's/^# //')"
    body="$(md_to_html "$src")"
    out="$PREVIEW_DIR/$name.html"
    awk -v title="$title" -v body="$body" '
        { gsub(/\{\{title\}\}/, title); if ($0 ~ /\{\{body\}\}/) { print body; next } print }
    ' "$TEMPLATE" > "$out"
    wc -c < "$out" | awk -v n="$name" '{ printf "  %-30s %6d bytes\n", n, $1 }'
    if [ "$(wc -c < "$out")" -gt 102400 ]; then
        echo "  warning: $name exceeds 100 KiB, Gmail will clip it" >&2
    fi
}

echo "building previews into $PREVIEW_DIR"
count=0
for issue in "$ISSUES_DIR"/*.md; do
    [ -e "$issue" ] || continue
    build_issue "$issue"
    count=$((count + 1))
done

{
    echo "<html><head><title>Newsletter previews</title></head><body><ul>"
    for f in "$PREVIEW_DIR"/*.html; do
        n="$(basename "$f")"
        [ "$n" = "index.html" ] && continue
        echo "<li><a href=\"$n\">$n</a></li>"
    done
    echo "</ul></body></html>"
} > "$PREVIEW_DIR/index.html"
echo "$count issue(s) built"

[ "$BUILD_ONLY" -eq 1 ] && exit 0

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "reviewers can open http://${host_ip:-this-host}:${PORT}/ (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$PREVIEW_DIR"
