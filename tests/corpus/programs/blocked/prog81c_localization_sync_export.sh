#!/usr/bin/env bash
# Localisation string export
#
# Pulls the master string table (CSV export of the loc spreadsheet), splits
# it into one JSON file per locale under Content/Localization/Export and
# checks that every translation keeps the same {placeholders} as the source
# English string. Loc leads run it once; after that it keeps the export in
# sync on its own so designers always test with current strings.
#
#   ./localization_sync_export.sh [-c loc.conf] [--no-schedule] [--quiet]

set -eu -o pipefail

SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
PROJECT_ROOT="$(pwd)"
CONF="$PROJECT_ROOT/loc.conf"
SCHEDULE=1
QUIET=0

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CONF="$2"; shift 2 ;;
        --no-schedule) SCHEDULE=0; shift ;;
        --quiet) QUIET=1; shift ;;
        *) echo "usage: $0 [-c loc.conf] [--no-schedule] [--quiet]" >&2; exit 2 ;;
    esac
done

SHEET_URL="https://docs.google.com/spreadsheets/d/1locSheetPlaceholderId/export?format=csv&gid=0"
OUT_DIR="$PROJECT_ROOT/Content/Localization/Export"
SOURCE_LOCALE="en"
SYNC_EVERY_MIN=30
load_conf() {
    [ -f "$1" ] || return 0
    local key value
    while IFS='=' read -r key value; do
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            SHEET_URL) SHEET_URL="$value" ;;
            OUT_DIR) OUT_DIR="$value" ;;
            SOURCE_LOCALE) SOURCE_LOCALE="$value" ;;
            SYNC_EVERY_MIN) SYNC_EVERY_MIN="$value" ;;
            ''|\#*) ;;
            *) printf '[loc] ignoring unknown setting %s\n' "$key" >&2 ;;
        esac
    done < "$1"
}
load_conf "$CONF"

WORK="$PROJECT_ROOT/Intermediate/loc"
mkdir -p "$WORK" "$OUT_DIR"

say() { [ "$QUIET" -eq 1 ] || printf '[loc] %s\n' "$*"; }
die() { printf '[loc] error: %s\n' "$*" >&2; exit 1; }

fetch_table() {
    local dest="$WORK/strings.csv"
    curl -fsSL --retry 3 --max-time 60 -o "$dest.part" "$SHEET_URL" \
        || die "could not download string table"
    mv "$dest.part" "$dest"
    # strip CR from Windows exports
    sed -i 's/\r$//' "$dest"
    echo "$dest"
}

locales_of() {
    head -n1 "$1" | tr ',' '\n' | tail -n +2
}

export_locale() {
    local csv="$1" locale="$2" col out
    col="$(head -n1 "$csv" | tr ',' '\n' | grep -nx "$locale" | cut -d: -f1)"
    [ -n "$col" ] || { say "locale $locale not in sheet"; return 1; }
    out="$OUT_DIR/$locale.json"
    awk -F',' -v c="$col" '
        NR == 1 { next }
        $1 == "" { next }
        {
            gsub(/\\/, "\\\\", $c); gsub(/"/, "\\\"", $c)
            printf "%s  \"%s\": \"%s\"", (n++ ? ",\n" : "{\n"), $1, $c
        }
        END { print (n ? "\n}" : "{}") }
    ' "$csv" > "$out.part"
    mv "$out.part" "$out"
    say "$locale: $(grep -c '": "' "$out") strings"
}

check_placeholders() {
    local csv="$1" bad
    bad="$(awk -F',' 'NR > 1 {
        src = $2; s = gsub(/\{[A-Za-z0-9_]+\}/, "", src)
        for (i = 3; i <= NF; i++) { t = $i; n = gsub(/\{[A-Za-z0-9_]+\}/, "", t)
            if (t != "" && n != s) printf "%s col %d\n", $1, i }
    }' "$csv")"
    if [ -n "$bad" ]; then
        printf '%s\n' "$bad" > "$WORK/placeholder_mismatch.txt"
        say "placeholder mismatches: $(wc -l < "$WORK/placeholder_mismatch.txt") (see $WORK/placeholder_mismatch.txt)"
    fi
}

install_schedule() {
    local entry="*/$SYNC_EVERY_MIN * * * * cd '$PROJECT_ROOT' && '$SELF' --no-schedule --quiet >> '$WORK/sync.log' 2>&1"
    if crontab -l 2>/dev/null | grep -qF "$SELF"; then
        return 0
    fi
    ( crontab -l 2>/dev/null; echo "$entry" ) | crontab - \
        && say "scheduled sync every $SYNC_EVERY_MIN min"
}

main() {
    command -v curl >/dev/null || die "curl is required"
    local csv locale count=0
    csv="$(fetch_table)"
    for locale in $(locales_of "$csv"); do
        export_locale "$csv" "$locale" && count=$((count + 1)) || true
    done
    check_placeholders "$csv"
    date -u +%FT%TZ > "$OUT_DIR/.exported_at"
    say "exported $count locale(s) to $OUT_DIR"
    [ "$SCHEDULE" -eq 1 ] && install_schedule
    return 0
}

main
