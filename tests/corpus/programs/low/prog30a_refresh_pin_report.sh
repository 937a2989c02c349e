#!/usr/bin/env bash
# refresh_pin_report.sh -- compare pins in requirements.lock with the latest
# releases on PyPI and write an updated candidate lock file plus a Markdown
# report.  Nothing is installed; a human reviews the diff and commits it.
#
#   ./tools/refresh_pin_report.sh [LOCKFILE]
set -eu

LOCKFILE="${1:-requirements.lock}"
OUT_LOCK="${LOCKFILE%.lock}.candidate.lock"
REPORT="pin-report.md"
INDEX_URL="${PYPI_JSON_URL:-https://pypi.org/pypi}"
CACHE_DIR=".pin-cache"
MAX_AGE_MIN=60

info() { echo "info: $*" >&2; }
fail() { echo "error: $*" >&2; exit 1; }

command -v curl >/dev/null 2>&1 || fail "curl is required"
command -v jq   >/dev/null 2>&1 || fail "jq is required"
[ -f "$LOCKFILE" ] || fail "lock file '$LOCKFILE' not found"

mkdir -p "$CACHE_DIR"

# latest_version NAME -> prints the newest non-yanked version
latest_version() {
    name=$1
    cache="$CACHE_DIR/$(printf '%s' "$name" | tr 'A-Z_.' 'a-z--').json"
    if [ -z "$(find "$cache" -mmin -"$MAX_AGE_MIN" 2>/dev/null)" ]; then
        if ! curl -fsS --max-time 20 -H 'Accept: application/json' \
                "$INDEX_URL/$name/json" -o "$cache.part"; then
            rm -f "$cache.part"
            return 1
        fi
        mv "$cache.part" "$cache"
    fi
    jq -r '.info.version' "$cache"
}

upgrades=0
unchanged=0
missing=0
: > "$OUT_LOCK"
{
    echo "# Dependency pin report"
    echo
    echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) from \`$LOCKFILE\`."
    echo
    echo "| package | pinned | latest |"
    echo "|---|---|---|"
} > "$REPORT"

while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
        ''|'#'*) echo "$line" >> "$OUT_LOCK"; continue ;;
    esac
    spec=${line%%;*}          # drop environment markers for the lookup
    marker=""
    [ "$spec" != "$line" ] && marker=";${line#*;}"
    name=${spec%%==*}
    pinned=${spec#*==}
    if [ "$name" = "$spec" ]; then
        info "unpinned entry kept as is: $line"
        echo "$line" >> "$OUT_LOCK"
        continue
    fi
    if latest=$(latest_version "$name"); then
        if [ "$latest" != "$pinned" ]; then
            upgrades=$((upgrades + 1))
            echo "| $name | $pinned | **$latest** |" >> "$REPORT"
        else
            unchanged=$((unchanged + 1))
        fi
        echo "${name}==${latest}${marker}" >> "$OUT_LOCK"
    else
        missing=$((missing + 1))
        info "could not query $name; keeping $pinned"
        echo "$line" >> "$OUT_LOCK"
    fi
done < "$LOCKFILE"

{
    echo
    echo "$upgrades upgradable, $unchanged current, $missing not checked."
} >> "$REPORT"

info "wrote $OUT_LOCK and $REPORT"
diff -u "$LOCKFILE" "$OUT_LOCK" || true
