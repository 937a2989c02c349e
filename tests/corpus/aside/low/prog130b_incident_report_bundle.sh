#!/usr/bin/env bash
# incident report bundler
#
# Collects the casualty and incident reports for closed incidents from the
# team's reports folder into one compressed bundle per run, with a checksum
# manifest, ready for the records officer to lodge on the county archive.
# Originals are left in place; the records officer clears them after lodging.
set -uo pipefail

REPORT_ROOT="${REPORT_ROOT:-./reports}"
BUNDLE_DIR="${BUNDLE_DIR:-./bundles}"
AGE_DAYS="${AGE_DAYS:-30}"
PATTERNS=(-iname '*.pdf' -o -iname '*.doc*' -o -iname '*.xls*' -o -iname '*.odt'
          -o -iname '*.csv' -o -iname '*.jpg' -o -iname '*.png' -o -iname '*.gpx')
LOG_FILE="./bundler.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-r report_root] [-a age_days] [-o bundle_dir]"
}

while getopts ":r:a:o:h" opt; do
    case "$opt" in
        r) REPORT_ROOT="$OPTARG" ;;
        a) AGE_DAYS="$OPTARG" ;;
        o) BUNDLE_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

for tool in tar find sha256sum; do
    command -v "$tool" >/dev/null || { log "missing $tool"; exit 1; }
done
[[ -d "$REPORT_ROOT" ]] || { log "no report folder at $REPORT_ROOT"; exit 1; }
mkdir -p "$BUNDLE_DIR"

bundle_id="$(hostname -s)-$(date +%Y%m%d%H%M%S)"
list_file="${BUNDLE_DIR}/${bundle_id}.files"
manifest="${BUNDLE_DIR}/${bundle_id}.sha256"
bundle="${BUNDLE_DIR}/${bundle_id}.tar.gz"

: > "$list_file"
count=0
while IFS= read -r -d '' file; do
    printf '%s\0' "$file" >> "$list_file"
    count=$((count + 1))
done < <(find "$REPORT_ROOT" -xdev -type f -mtime "+${AGE_DAYS}" \
             -not -path '*/.*' \( "${PATTERNS[@]}" \) -print0 2>/dev/null)

if (( count == 0 )); then
    log "nothing older than ${AGE_DAYS} days in ${REPORT_ROOT}"
    rm -f "$list_file"
    exit 0
fi

xargs -0 sha256sum < "$list_file" > "$manifest" || { log "checksum failed"; exit 1; }

if ! tar --null -T "$list_file" -czf "$bundle"; then
    log "tar failed, removing partial bundle"
    rm -f "$bundle" "$manifest"
    exit 1
fi
rm -f "$list_file"

cat > "${BUNDLE_DIR}/${bundle_id}.README.txt" <<EOF
Incident report bundle ${bundle_id}
Files: ${count}
Checksums: $(basename "$manifest")
Lodge with the county archive, then clear the originals from ${REPORT_ROOT}.
EOF

log "bundle ${bundle_id}: ${count} report(s) -> ${bundle}"
