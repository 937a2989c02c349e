#!/usr/bin/env bash
# Restore a project backup from the office NAS's read-only FTP share.
# Lists available archives, downloads the chosen one (or the newest) into a
# staging directory, verifies its .sha256 and unpacks it into ./restore/<name>.
#
#   nas_ftp_restore.sh [-H nas-host] [-p project] [-a archive] [-l] [-f]

set -euo pipefail

NAS_HOST=${NAS_HOST:-nas.office.lan}
REMOTE_DIR=/pub/backups
PROJECT=""
ARCHIVE=""
LIST_ONLY=0
FORCE=0
RESTORE_ROOT=./restore

log() { printf '[restore %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts 'H:p:a:lfh' opt; do
    case $opt in
        H) NAS_HOST=$OPTARG ;;
        p) PROJECT=$OPTARG ;;
        a) ARCHIVE=$OPTARG ;;
        l) LIST_ONLY=1 ;;
        f) FORCE=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
[[ -n $PROJECT ]] || die "-p project is required"
[[ $PROJECT =~ ^[A-Za-z0-9._-]+$ ]] || die "invalid project name"
command -v ftp >/dev/null || die "ftp client not installed (apt install tnftp)"

STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT

# run a batch of ftp commands against the NAS (anonymous, passive mode)
ftp_batch() {
    ftp -inpv "$NAS_HOST" <<EOF
user anonymous restore@$(hostname -s)
binary
cd $REMOTE_DIR/$PROJECT
$*
bye
EOF
}

list_archives() {
    ftp_batch "ls" 2>/dev/null \
        | awk '$NF ~ /\.tar\.(gz|zst)$/ {print $NF}' \
        | sort
}

mapfile -t available < <(list_archives)
(( ${#available[@]} )) || die "no archives for '$PROJECT' on $NAS_HOST:$REMOTE_DIR"

if [[ $LIST_ONLY -eq 1 ]]; then
    printf '%s\n' "${available[@]}"
    exit 0
fi

if [[ -z $ARCHIVE ]]; then
    ARCHIVE=${available[-1]}
    log "no archive given, using newest: $ARCHIVE"
fi
printf '%s\n' "${available[@]}" | grep -qxF "$ARCHIVE" || die "$ARCHIVE not found on NAS"

log "downloading $ARCHIVE from $NAS_HOST"
( cd "$STAGE" && ftp_batch "get $ARCHIVE
get $ARCHIVE.sha256" >/dev/null )

[[ -s $STAGE/$ARCHIVE ]] || die "download failed"
if [[ -s $STAGE/$ARCHIVE.sha256 ]]; then
    ( cd "$STAGE" && sha256sum -c --quiet "$ARCHIVE.sha256" ) || die "checksum mismatch for $ARCHIVE"
    log "checksum ok"
else
    log "warning: no checksum file published for $ARCHIVE"
fi

target="$RESTORE_ROOT/${ARCHIVE%%.tar.*}"
if [[ -e $target && $FORCE -eq 0 ]]; then
    die "$target already exists (use -f to overwrite)"
fi
rm -rf -- "$target"
mkdir -p "$target"

case $ARCHIVE in
    *.tar.gz)  decomp=(-z) ;;
    *.tar.zst) decomp=(--zstd) ;;
esac

# list first so absolute or parent-relative member names are rejected
if tar -t "${decomp[@]}" -f "$STAGE/$ARCHIVE" | grep -qE '(^/|(^|/)\.\.(/|$))'; then
    die "archive contains unsafe paths; refusing to extract"
fi
tar -x "${decomp[@]}" -f "$STAGE/$ARCHIVE" -C "$target" --no-same-owner
files=$(find "$target" -type f | wc -l)
log "restored $files files into $target"
du -sh "$target" >&2
