#!/bin/sh
# cla_signoff_audit.sh BASE [HEAD]
#
# Pull-request gate: every commit between BASE and HEAD must carry a DCO
# "Signed-off-by:" trailer, and every author e-mail must have a signed CLA
# on record with the foundation's CLA service.  Writes cla-report.txt in the
# current directory and exits non-zero when anything is missing.
set -eu

BASE=${1:-origin/main}
HEAD=${2:-HEAD}
CLA_API=${CLA_API:-https://cla.quillfoundation.org/api/v1}
REPORT=${CLA_REPORT:-cla-report.txt}
ALLOW_BOTS=${CLA_ALLOW_BOTS:-dependabot[bot] pre-commit-ci[bot] github-actions[bot]}

log() { printf '[cla] %s\n' "$*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing required tool: $1"; exit 3; }
}

uri_escape() {
    jq -rn --arg v "$1" '$v|@uri'
}

is_bot() {
    for b in $ALLOW_BOTS; do
        [ "$1" = "$b" ] && return 0
    done
    return 1
}

has_signoff() {
    git show -s --format=%B "$1" | grep -Eqi '^Signed-off-by: .+ <[^>]+@[^>]+>$'
}

cla_signed() {
    email=$1
    body=$(curl -fsS --max-time 10 -H 'Accept: application/json' \
        "$CLA_API/signatures?email=$(uri_escape "$email")") || return 2
    printf '%s' "$body" | jq -e '.signed == true' >/dev/null
}

main() {
    need git; need curl; need jq
    git rev-parse --verify -q "$BASE" >/dev/null || { log "unknown base: $BASE"; exit 3; }

    : > "$REPORT"
    commits=$(git rev-list --no-merges "$BASE..$HEAD")
    [ -n "$commits" ] || { log "no commits in $BASE..$HEAD"; exit 0; }

    missing_dco=0
    missing_cla=0
    checked=""
    for sha in $commits; do
        author=$(git show -s --format=%an "$sha")
        email=$(git show -s --format=%ae "$sha")
        short=$(git rev-parse --short "$sha")
        if is_bot "$author"; then
            printf '%s\tskip\t%s (bot)\n' "$short" "$author" >> "$REPORT"
            continue
        fi
        if ! has_signoff "$sha"; then
            printf '%s\tno-dco\t%s <%s>\n' "$short" "$author" "$email" >> "$REPORT"
            missing_dco=$((missing_dco + 1))
        fi
        case " $checked " in *" $email "*) continue ;; esac
        checked="$checked $email"
        if cla_signed "$email"; then
            printf '%s\tcla-ok\t%s\n' "$short" "$email" >> "$REPORT"
        else
            rc=$?
            [ "$rc" -eq 2 ] && log "CLA service unreachable for $email"
            printf '%s\tno-cla\t%s\n' "$short" "$email" >> "$REPORT"
            missing_cla=$((missing_cla + 1))
        fi
    done

    log "commits without sign-off: $missing_dco; authors without CLA: $missing_cla"
    log "details in $REPORT"
    [ "$missing_dco" -eq 0 ] && [ "$missing_cla" -eq 0 ]
}

main
