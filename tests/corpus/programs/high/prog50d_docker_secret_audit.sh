#!/bin/sh
# docker-secret-audit: list swarm secrets that are older than the rotation
# window, and which services still reference them. Talks to the local
# engine API directly so it works on hosts without the docker CLI.
#
# usage: docker-secret-audit.sh [-d MAX_DAYS] [-o report.tsv] [--remove-unused]
set -eu

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
MAX_DAYS=90
REPORT="./secret-audit.tsv"
REMOVE_UNUSED=0

while [ $# -gt 0 ]; do
  case "$1" in
    -d) MAX_DAYS="$2"; shift 2 ;;
    -o) REPORT="$2"; shift 2 ;;
    --remove-unused) REMOVE_UNUSED=1; shift ;;
    *) echo "usage: $0 [-d MAX_DAYS] [-o FILE] [--remove-unused]" >&2; exit 2 ;;
  esac
done

command -v jq >/dev/null || { echo "jq is required" >&2; exit 127; }
[ -S "$SOCK" ] || { echo "no docker socket at $SOCK" >&2; exit 1; }

engine() {
  curl -fsS --unix-socket "$SOCK" "$@"
}

now=$(date +%s)
limit=$((MAX_DAYS * 86400))

engine "$API/secrets" > ./.secrets.json
engine "$API/services" > ./.services.json

printf 'name\tid\tage_days\tused_by\n' > "$REPORT"
stale=0
unused=0

jq -r '.[] | [.ID, .Spec.Name, .CreatedAt] | @tsv' ./.secrets.json |
while IFS="$(printf '\t')" read -r id name created; do
  created_s=$(date -d "$created" +%s 2>/dev/null || echo "$now")
  age=$(( (now - created_s) / 86400 ))
  users=$(jq -r --arg id "$id" \
    '[.[] | select(any(.Spec.TaskTemplate.ContainerSpec.Secrets[]?; .SecretID == $id)) | .Spec.Name] | join(",")' \
    ./.services.json)
  printf '%s\t%s\t%s\t%s\n' "$name" "$id" "$age" "${users:--}" >> "$REPORT"
  if [ $((now - created_s)) -gt "$limit" ]; then
    echo "STALE  $name (${age}d) used by: ${users:-nothing}"
  fi
  if [ -z "$users" ] && [ "$REMOVE_UNUSED" -eq 1 ]; then
    echo "removing unused secret $name"
    engine -X DELETE "$API/secrets/$id" || echo "  could not remove $name" >&2
  fi
done

stale=$(awk -F'\t' -v m="$MAX_DAYS" 'NR>1 && $3>m' "$REPORT" | wc -l)
unused=$(awk -F'\t' 'NR>1 && $4=="-"' "$REPORT" | wc -l)
rm -f ./.secrets.json ./.services.json
echo "report: $REPORT  stale=$stale unused=$unused (window ${MAX_DAYS}d)"
