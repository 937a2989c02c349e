#!/bin/sh
# Draft the changelog entry for the next release from conventional commits.
# Groups commits since the last tag by type and writes a draft that the
# release manager edits before it is merged into CHANGELOG.md.
set -eu

DRAFT=/tmp/changelog-draft.md
WORK=/tmp/changelog-work
RANGE_END="${1:-HEAD}"

die() { echo "changelog: $*" >&2; exit 1; }

git rev-parse --git-dir >/dev/null 2>&1 || die "not inside a git repository"

last_tag=$(git describe --tags --abbrev=0 "$RANGE_END" 2>/dev/null || true)
if [ -n "$last_tag" ]; then
    range="$last_tag..$RANGE_END"
else
    range="$RANGE_END"
fi

mkdir -p "$WORK"
rm -f "$WORK"/*.lst

git log --no-merges --format='%s%x09%h%x09%an' "$range" |
while IFS="$(printf '\t')" read -r subject sha author; do
    type=$(printf '%s' "$subject" | sed -n 's/^\([a-z]*\)\((.*)\)\{0,1\}!\{0,1\}:.*/\1/p')
    case "$type" in
        feat) bucket=features ;;
        fix) bucket=fixes ;;
        perf) bucket=performance ;;
        docs) bucket=docs ;;
        "") bucket=other ;;
        *) bucket=maintenance ;;
    esac
    text=$(printf '%s' "$subject" | sed 's/^[a-z]*\((.*)\)\{0,1\}!\{0,1\}: *//')
    printf -- '- %s (%s, @%s)\n' "$text" "$sha" "$author" >> "$WORK/$bucket.lst"
done

next_version=$(sed -n 's/^version *= *"\(.*\)"/\1/p' pyproject.toml 2>/dev/null | head -n1)
{
    echo "## ${next_version:-Unreleased} - $(date +%Y-%m-%d)"
    echo
    for bucket in features fixes performance docs maintenance other; do
        [ -s "$WORK/$bucket.lst" ] || continue
        case "$bucket" in
            features) title="Features" ;;
            fixes) title="Bug fixes" ;;
            performance) title="Performance" ;;
            docs) title="Documentation" ;;
            maintenance) title="Maintenance" ;;
            *) title="Other changes" ;;
        esac
        echo "### $title"
        echo
        cat "$WORK/$bucket.lst"
        echo
    done
} > "$DRAFT"

count=$(cat "$WORK"/*.lst 2>/dev/null | wc -l)
echo "changelog: $count commits in $range -> $DRAFT"
if [ "${OPEN_EDITOR:-0}" = 1 ]; then
    "${EDITOR:-vi}" "$DRAFT"
fi
