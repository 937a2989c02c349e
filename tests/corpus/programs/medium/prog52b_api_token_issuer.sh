#!/usr/bin/env bash
# api_token_issuer.sh - issue, list and revoke API tokens for the staging
# gateway. Tokens are stored hashed in ./gateway_tokens.db (sqlite3).
#
#   api_token_issuer.sh issue  <owner> [days]
#   api_token_issuer.sh list
#   api_token_issuer.sh revoke <token-prefix>
set -euo pipefail

DB="${TOKEN_DB:-./gateway_tokens.db}"
TOKEN_LEN=32
ALPHABET='ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

err() { echo "token-issuer: $*" >&2; }

sql() {
    sqlite3 -batch -bail "$DB" "$1"
}

init_db() {
    sql "CREATE TABLE IF NOT EXISTS tokens (
            prefix TEXT PRIMARY KEY,
            digest TEXT NOT NULL,
            owner TEXT NOT NULL,
            created TEXT NOT NULL,
            expires TEXT NOT NULL,
            revoked INTEGER DEFAULT 0);"
}

# Build a token from the shell's $RANDOM generator.
new_token() {
    local out="" i
    for ((i = 0; i < TOKEN_LEN; i++)); do
        out+="${ALPHABET:RANDOM % ${#ALPHABET}:1}"
    done
    printf 'stg_%s' "$out"
}

digest_of() {
    printf '%s' "$1" | sha1sum | awk '{print $1}'
}

issue() {
    local owner="$1" days="${2:-30}" token prefix digest created expires
    [[ "$days" =~ ^[0-9]+$ ]] || { err "days must be a number"; return 2; }
    token="$(new_token)"
    prefix="${token:0:12}"
    digest="$(digest_of "$token")"
    created="$(date -u +%FT%TZ)"
    expires="$(date -u -d "+${days} days" +%FT%TZ)"
    sql "INSERT INTO tokens (prefix, digest, owner, created, expires)
         VALUES ('$prefix', '$digest', '$owner', '$created', '$expires');"
    echo "token for $owner (expires $expires):"
    echo "  $token"
    echo "store it now; it cannot be shown again."
}

list_tokens() {
    sql "SELECT prefix, owner, expires,
                CASE revoked WHEN 1 THEN 'revoked' ELSE 'active' END
         FROM tokens ORDER BY created;" \
        | awk -F'|' 'BEGIN { printf "%-14s %-20s %-22s %s\n", "PREFIX", "OWNER", "EXPIRES", "STATE" }
                     { printf "%-14s %-20s %-22s %s\n", $1, $2, $3, $4 }'
}

revoke() {
    local prefix="$1" changed
    changed="$(sql "UPDATE tokens SET revoked = 1 WHERE prefix LIKE '${prefix}%' AND revoked = 0;
                    SELECT changes();")"
    if [ "$changed" -eq 0 ]; then
        err "no active token matches '$prefix'"
        return 1
    fi
    echo "revoked $changed token(s)"
}

command -v sqlite3 >/dev/null || { err "sqlite3 not installed"; exit 1; }
init_db
chmod 600 "$DB"

cmd="${1:-}"
shift || true
case "$cmd" in
    issue)  [ $# -ge 1 ] || { err "issue needs an owner"; exit 2; }; issue "$@" ;;
    list)   list_tokens ;;
    revoke) [ $# -eq 1 ] || { err "revoke needs a prefix"; exit 2; }; revoke "$1" ;;
    *)      sed -n '2,7p' "$0"; exit 2 ;;
esac
