#!/usr/bin/env bash
# Import a show archive sent by the lighting designer (cue lists, fixture
# patch, palettes) into the desk's show library.
set -euo pipefail

LIBRARY="${LIBRARY:-./show_library}"
LOG_FILE="${LOG_FILE:-./show_import.log}"
LIST_ONLY=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
usage: $0 [-l] [-d library_dir] ARCHIVE.tar.gz
  -l   list the archive contents only
USAGE
}

while getopts ":ld:h" opt; do
    case "$opt" in
        l) LIST_ONLY=1 ;;
        d) LIBRARY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

ARCHIVE="${1:-}"
if [[ -z "$ARCHIVE" || ! -f "$ARCHIVE" ]]; then
    usage
    exit 2
fi

show_name=$(basename "$ARCHIVE")
show_name="${show_name%%.tar*}"
dest="$LIBRARY/$show_name"

if [[ -d "$dest" && $LIST_ONLY -eq 0 ]]; then
    log "show $show_name already in library; moving old copy aside"
    mv "$dest" "$dest.prev-$(date +%Y%m%d%H%M%S)"
fi
mkdir -p "$dest"

summary=$(ARCHIVE="$ARCHIVE" DEST="$dest" LIST_ONLY="$LIST_ONLY" python3 - <<'PY'
import os, sys, tarfile

archive = os.environ["ARCHIVE"]
dest = os.environ["DEST"]
list_only = os.environ["LIST_ONLY"] == "1"

try:
    tf = tarfile.open(archive, "r:*")
except (tarfile.TarError, OSError) as exc:
    sys.exit("cannot open archive: %s" % exc)

with tf:
    members = tf.getmembers()
    kinds = {}
    for m in members:
        ext = os.path.splitext(m.name)[1].lower() or "(none)"
        kinds[ext] = kinds.get(ext, 0) + 1
        if list_only:
            print("%10d  %s" % (m.size, m.name), file=sys.stderr)
    if not list_only:
        tf.extractall(dest)
    print(" ".join("%s:%d" % kv for kv in sorted(kinds.items())))
PY
) || { log "import of $ARCHIVE failed"; exit 1; }

if [[ $LIST_ONLY -eq 1 ]]; then
    rmdir "$dest" 2>/dev/null || true
    log "listed $ARCHIVE ($summary)"
    exit 0
fi

cue_files=$(find "$dest" -type f \( -name '*.csv' -o -name '*.asc' \) | wc -l)
log "imported $show_name into $dest ($summary); $cue_files cue files"
if [[ "$cue_files" -eq 0 ]]; then
    log "warning: no cue lists found in archive"
fi
