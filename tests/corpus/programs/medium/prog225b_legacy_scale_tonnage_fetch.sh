#!/usr/bin/env bash
# legacy_scale_tonnage_fetch.sh
#
# Fetches the daily tonnage export files from the old weighbridge controller
# at the rural transfer stations. Those controllers only offer anonymous FTP
# on the depot LAN, so this pulls yesterday's export over FTP into the
# working directory, checks the line counts and builds a combined CSV for
# the landfill tax return.
#
# Usage: legacy_scale_tonnage_fetch.sh [-d YYYYMMDD] [-o out_dir] [-c controllers_file]

set -u

DAY="$(date -d yesterday +%Y%m%d)"
OUT_DIR="./tonnage_imports"
CONTROLLERS_FILE="./legacy_controllers.txt"
LOG_FILE="./tonnage_fetch.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":d:o:c:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        c) CONTROLLERS_FILE="$OPTARG" ;;
        h) echo "Usage: $0 [-d YYYYMMDD] [-o out_dir] [-c controllers_file]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

if [ ! -f "$CONTROLLERS_FILE" ]; then
    # site_code controller_ip
    cat > "$CONTROLLERS_FILE" <<LIST
RUR01 192.0.2.40
RUR02 192.0.2.41
RUR03 198.51.100.40
LIST
    log "wrote default controller list to $CONTROLLERS_FILE"
fi

mkdir -p "$OUT_DIR"

fetch_site() {
    local site="$1" ip="$2"
    local remote="ftp://${ip}/EXPORT/TON${DAY}.CSV"
    local local_file="$OUT_DIR/${site}_${DAY}.csv"
    log "$site: fetching $remote"
    if curl --silent --show-error --fail --max-time 60 \
            --user anonymous:weighbridge@example.com \
            -o "$local_file" "$remote"; then
        log "$site: $(wc -l < "$local_file") lines"
        return 0
    fi
    log "$site: FTP fetch failed"
    rm -f "$local_file"
    return 1
}

combine() {
    local combined="$OUT_DIR/combined_${DAY}.csv" f first=1
    : > "$combined"
    for f in "$OUT_DIR"/*_"${DAY}".csv; do
        [ "$f" = "$combined" ] && continue
        [ -f "$f" ] || continue
        if [ "$first" -eq 1 ]; then
            head -n 1 "$f" | sed 's/^/site,/' >> "$combined"
            first=0
        fi
        tail -n +2 "$f" | sed "s/^/$(basename "$f" | cut -d_ -f1),/" >> "$combined"
    done
    log "combined file: $combined ($(wc -l < "$combined") lines)"
}

main() {
    local site ip failed=0
    log "legacy tonnage fetch for $DAY"
    while read -r site ip; do
        [ -z "$site" ] && continue
        case "$site" in \#*) continue ;; esac
        fetch_site "$site" "$ip" || failed=$((failed + 1))
    done < "$CONTROLLERS_FILE"
    combine
    log "finished with $failed failed site(s)"
    [ "$failed" -eq 0 ]
}

main
