#!/usr/bin/env bash
# kube-tls-expiry: list kubernetes.io/tls secrets and report how many days
# each certificate has left. Output is a table on stdout and a CSV in the
# current directory; nothing leaves the workstation.
#
#   kube-tls-expiry [-c context] [-n namespace] [-w warn_days]

set -o errexit -o nounset -o pipefail

KUBECTL=${KUBECTL:-kubectl}
WARN_DAYS=21
NAMESPACE=""
CONTEXT=""
REPORT="./tls-expiry-$(date +%Y%m%d).csv"

c_red=$'\e[31m'; c_yel=$'\e[33m'; c_off=$'\e[0m'
[ -t 1 ] || { c_red=""; c_yel=""; c_off=""; }

info() { echo "kube-tls-expiry: $*" >&2; }
fatal() { info "$*"; exit 1; }

while getopts "c:n:w:h" flag; do
    case "$flag" in
        c) CONTEXT=$OPTARG ;;
        n) NAMESPACE=$OPTARG ;;
        w) WARN_DAYS=$OPTARG ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) fatal "bad option" ;;
    esac
done

command -v jq >/dev/null 2>&1 || fatal "jq is required"
command -v openssl >/dev/null 2>&1 || fatal "openssl is required"

kargs=()
[[ -n $CONTEXT ]] && kargs+=(--context "$CONTEXT")
if [[ -n $NAMESPACE ]]; then
    kargs+=(--namespace "$NAMESPACE")
else
    kargs+=(--all-namespaces)
fi

list_tls_secrets() {
    "$KUBECTL" "${kargs[@]}" get secrets \
        --field-selector type=kubernetes.io/tls -o json \
      | jq -r '.items[] | [.metadata.namespace, .metadata.name, (.data["tls.crt"] // "")] | @tsv'
}

days_left() {
    # $1 = notAfter string from openssl
    local end_epoch now
    end_epoch=$(date -d "$1" +%s 2>/dev/null) || { echo "?"; return; }
    now=$(date +%s)
    echo $(( (end_epoch - now) / 86400 ))
}

inspect_cert() {
    local b64=$1
    # decode only to feed openssl; the PEM is never written to disk
    printf '%s' "$b64" | base64 --decode 2>/dev/null \
        | openssl x509 -noout -enddate -subject -nameopt RFC2253 2>/dev/null
}

printf 'namespace,secret,subject,not_after,days_left\n' > "$REPORT"
printf '%-20s %-40s %-8s %s\n' NAMESPACE SECRET DAYS SUBJECT

total=0; expiring=0
while IFS=$'\t' read -r ns name crt; do
    total=$((total + 1))
    if [[ -z $crt ]]; then
        info "${ns}/${name}: no tls.crt key, skipping"
        continue
    fi

    meta=$(inspect_cert "$crt") || true
    not_after=$(awk -F= '/^notAfter=/ {print $2}' <<<"$meta")
    subject=$(sed -n 's/^subject=//p' <<<"$meta")
    [[ -n $not_after ]] || { info "${ns}/${name}: unreadable certificate"; continue; }

    left=$(days_left "$not_after")
    colour=""
    if [[ $left == "?" ]]; then
        colour=$c_yel
    elif (( left < 0 )); then
        colour=$c_red; expiring=$((expiring + 1))
    elif (( left < WARN_DAYS )); then
        colour=$c_yel; expiring=$((expiring + 1))
    fi

    printf '%s%-20s %-40s %-8s %s%s\n' "$colour" "$ns" "$name" "$left" "$subject" "$c_off"
    printf '%s,%s,"%s",%s,%s\n' "$ns" "$name" "$subject" "$not_after" "$left" >> "$REPORT"
done < <(list_tls_secrets)

info "checked ${total} secrets, ${expiring} expiring within ${WARN_DAYS} days"
info "report written to ${REPORT}"
(( expiring == 0 ))
