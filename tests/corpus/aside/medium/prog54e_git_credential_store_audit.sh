#!/bin/sh
# git-cred-audit: summarise what the plaintext git credential store holds.
#
# Counts entries per host in ~/.git-credentials (and $XDG_CONFIG_HOME/git/
# credentials), flags http:// entries and tokens that look like classic PATs,
# and keeps a running log so repeated runs can be compared. Local only.

CRED_FILES="${HOME}/.git-credentials ${XDG_CONFIG_HOME:-$HOME/.config}/git/credentials"
WORK_FILE=/tmp/git-cred-audit.entries
LOG_FILE=/tmp/git-cred-audit.log
VERBOSE=0

say() {
    [ "$VERBOSE" -eq 1 ] && printf '%s\n' "$*" >&2
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

usage() {
    echo "usage: $0 [-v] [-f credentials-file]" >&2
    exit 2
}

while getopts "vf:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        f) CRED_FILES="$OPTARG" ;;
        *) usage ;;
    esac
done

: > "$WORK_FILE"
helper=$(git config --global --get credential.helper 2>/dev/null || echo "none")
say "configured credential.helper: $helper"

for f in $CRED_FILES; do
    if [ ! -f "$f" ]; then
        say "skip $f (absent)"
        continue
    fi
    perms=$(stat -c '%a' "$f" 2>/dev/null || echo "?")
    if [ "$perms" != "600" ]; then
        say "WARN $f has mode $perms, expected 600"
    fi
    # keep only scheme, user and host; secret is replaced by a classifier
    sed -n 's#^\([a-z]*\)://\([^:]*\):\([^@]*\)@\(.*\)$#\1 \2 \4 \3#p' "$f" |
    while read -r scheme user host secret; do
        case "$secret" in
            ghp_*|github_pat_*) kind="github-pat" ;;
            glpat-*)            kind="gitlab-pat" ;;
            x-oauth-basic)      kind="oauth" ;;
            *)                  kind="password" ;;
        esac
        printf '%s %s %s %s\n' "$scheme" "$host" "$user" "$kind" >> "$WORK_FILE"
    done
done

total=$(wc -l < "$WORK_FILE" | tr -d ' ')
plain=$(awk '$1 == "http"' "$WORK_FILE" | wc -l | tr -d ' ')
passwords=$(awk '$4 == "password"' "$WORK_FILE" | wc -l | tr -d ' ')

echo "git credential store: $total entries"
awk '{ n[$2]++ } END { for (h in n) printf "  %-35s %d\n", h, n[h] }' "$WORK_FILE" | sort
[ "$plain" -gt 0 ] && echo "  ! $plain entries use plain http"
[ "$passwords" -gt 0 ] && echo "  ! $passwords entries store an account password, prefer a token"

case "$helper" in
    store*) echo "  hint: credential.helper=store keeps secrets in clear text" ;;
    none)   echo "  hint: no helper configured; git will prompt every time" ;;
esac

say "audit finished: total=$total http=$plain passwords=$passwords"
rm -f "$WORK_FILE"
exit 0
