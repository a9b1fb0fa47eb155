#!/usr/bin/env bash
# The pull-request job's A/B: the suite's targets a pull request touches, measured as the merge base (A) against the
# head (B) with `podium-agent ab --a-commit BASE --b-commit HEAD`, each on the profile's cells.
#
#   ci/ab-pr.sh BASE HEAD [-- more podium-agent ab flags, e.g. --b-env KEY=VALUE]
#   ci/ab-pr.sh --list-targets BASE HEAD      # only print the targets it would measure
#
# Targets: PODIUM_AB_TARGETS (space- or comma-separated) when set; else every target whose module folder (beside the
# suite manifest) has a file changed between BASE and HEAD; else PODIUM_AB_DEFAULT_TARGETS (the quick profile's
# targets). A target the merge base does not have yet is left out, and said so.
# It writes each target's Markdown table to $GITHUB_STEP_SUMMARY, creates or updates one comment on the pull request
# (found again by a hidden marker; GitHub's REST API at $GITHUB_API_URL with $GITHUB_TOKEN, the pull request's
# number from $GITHUB_EVENT_PATH or PODIUM_AB_PR), and exits 3 when a cell's throughput is decided "B worse" with its
# whole 95% interval below 1 - PODIUM_AB_FAIL_BEYOND (e.g. 0.05: more than 5% slower for sure), naming the cell. Unset,
# no verdict fails the job. An A/B that cannot be measured (a head that does not build) exits 1.
# Other settings: PODIUM_AB_SUITE (agent/suite/suite.json), PODIUM_AB_PROFILE (quick), PODIUM_AB_ROUNDS (6),
# PODIUM_AGENT (agent/bin/podium-agent); with PODIUM_SERVICE_URL set, each comparison is pushed there (--push).
set -euo pipefail

list_only=0
if [ "${1:-}" = "--list-targets" ]; then
  list_only=1
  shift
fi
if [ $# -lt 2 ]; then
  echo "usage: ci/ab-pr.sh [--list-targets] BASE HEAD [-- podium-agent ab flags]" >&2
  exit 2
fi
base=$1 head=$2
shift 2
[ "${1:-}" != "--" ] || shift
extra=("$@")

suite=${PODIUM_AB_SUITE:-agent/suite/suite.json}
profile=${PODIUM_AB_PROFILE:-quick}
rounds=${PODIUM_AB_ROUNDS:-6}
agent=${PODIUM_AGENT:-agent/bin/podium-agent}
beyond=${PODIUM_AB_FAIL_BEYOND:-}
marker='<!-- podium-ab-pr -->'

die() { echo "ab-pr: $*" >&2; exit 2; }
[ -f "$suite" ] || die "no suite manifest at $suite (PODIUM_AB_SUITE)"
suite_dir=$(cd "$(dirname "$suite")" && pwd)
repo=$(git -C "$suite_dir" rev-parse --show-toplevel)
rel=$(realpath --relative-to="$repo" "$suite_dir")
prefix="$rel/" # the suite's folder in the repository, as git names paths
[ "$rel" != . ] || prefix=""
for c in "$base" "$head"; do
  git -C "$repo" rev-parse --verify --quiet "$c^{commit}" >/dev/null || die "unknown commit $c (checked out with full history?)"
done
if [ -n "$beyond" ] && ! awk -v t="$beyond" 'BEGIN { exit !(t ~ /^[0-9]*\.?[0-9]+$/ && t >= 0 && t < 1) }'; then
  die "PODIUM_AB_FAIL_BEYOND=$beyond: want a share between 0 and 1, e.g. 0.05"
fi

# the targets: named, else those whose module folder changed, else the default set
targets=()
if [ -n "${PODIUM_AB_TARGETS:-}" ]; then
  read -r -a targets <<<"${PODIUM_AB_TARGETS//,/ }"
  why="named by PODIUM_AB_TARGETS"
else
  changed=$(git -C "$repo" diff --name-only "$base" "$head" -- "$rel" | sed -n "s:^$prefix\([^/]*\)/.*:\1:p" | sort -u)
  if [ -n "$changed" ]; then
    mapfile -t targets < <(jq -r --arg m "$changed" '($m | split("\n")) as $mods | .targets[] | select(.module != null and (.module as $x | $mods | index($x))) | .name' "$suite")
  fi
  why="their module folders changed"
  if [ ${#targets[@]} -eq 0 ]; then
    read -r -a targets <<<"${PODIUM_AB_DEFAULT_TARGETS:-$(jq -r --arg p "$profile" '.profiles[$p].targets // [] | join(" ")' "$suite")}"
    why="no target's module changed: the default set"
  fi
fi
# a target the merge base does not have cannot be its A
base_suite=$(git -C "$repo" show "$base:$prefix$(basename "$suite")" 2>/dev/null || echo '{"targets":[]}')
measured=() skipped=()
for t in "${targets[@]}"; do
  if jq -e --arg t "$t" '.targets | any(.name == $t)' <<<"$base_suite" >/dev/null; then measured+=("$t"); else skipped+=("$t"); fi
done
if [ $list_only -eq 1 ]; then
  echo "${measured[*]}"
  exit 0
fi
[ ${#measured[@]} -gt 0 ] || die "no target to measure (${targets[*]:-none} asked; the merge base has none of them)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scenarios=$(jq -r --arg p "$profile" '.profiles[$p].scenarios // ["plaintext"] | join(",")' "$suite")
push=()
if [ -n "${PODIUM_SERVICE_URL:-}" ]; then
  push=(--push --server "$PODIUM_SERVICE_URL")
fi

{
  echo "$marker"
  echo "## A/B of this pull request: merge base \`${base:0:12}\` (A) against head \`${head:0:12}\` (B)"
  echo
  echo "Targets: ${measured[*]} ($why)${skipped[*]:+; not in the merge base, so not compared: ${skipped[*]}}. Profile \`$profile\`'s cells, $rounds interleaved rounds."
  if [ -n "$beyond" ]; then
    echo "The check fails when a cell's throughput is decided worse with its whole 95% interval more than $(awk -v t="$beyond" 'BEGIN { printf "%g", t * 100 }')% below A."
  else
    echo "No verdict fails the check (PODIUM_AB_FAIL_BEYOND is not set)."
  fi
  echo
} > "$work/report.md"

failed=0 worse=()
for t in "${measured[@]}"; do
  echo "ab-pr: measuring $t, ${base:0:12} against ${head:0:12}" >&2
  rc=0
  "$agent" ab --suite "$suite" --target "$t" --profile "$profile" --scenario "$scenarios" --rounds "$rounds" \
    --a-commit "$base" --b-commit "$head" --json "$work/$t.json" --markdown "$work/$t.md" "${push[@]}" "${extra[@]}" >&2 || rc=$?
  if [ -f "$work/$t.md" ]; then
    # measured (a failed push leaves the report: the comment says so, the check does not fail for it)
    cat "$work/$t.md" >> "$work/report.md"
    if [ ${#push[@]} -gt 0 ]; then
      if [ "$rc" = 0 ]; then
        printf '\nKept at the service: %s/ab/%s\n' "${PODIUM_SERVICE_URL%/}" "$(jq -r .runId "$work/$t.json")" >> "$work/report.md"
      else
        printf '\nNot kept at the service: the push failed (see the job log).\n' >> "$work/report.md"
      fi
    fi
    if [ -n "$beyond" ]; then
      mapfile -t -O ${#worse[@]} worse < <(jq -r --arg t "$t" --argjson b "$beyond" '.cells[] as $c | $c.figures[]
        | select(.name == "throughput" and .verdict == "slower" and .high != null and .high < 1 - $b)
        | "\($t) \($c.scenario) c=\($c.connections), \($c.vcpus) vCPU: throughput B/A \(.ratio * 1000 | round / 1000) (95% \(.low * 1000 | round / 1000)-\(.high * 1000 | round / 1000)), \((1 - .ratio) * 1000 | round / 10)% slower, at least \((1 - .high) * 1000 | round / 10)%"' "$work/$t.json")
    fi
  else
    failed=1
    printf '### A/B of %s\n\n**Could not be measured** (podium-agent ab failed; see the job log).\n' "$t" >> "$work/report.md"
  fi
  echo >> "$work/report.md"
done
if [ ${#worse[@]} -gt 0 ]; then
  {
    echo "**Slower beyond the threshold**:"
    printf -- '- %s\n' "${worse[@]}"
  } >> "$work/report.md"
fi

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$work/report.md" >> "$GITHUB_STEP_SUMMARY"
fi
cat "$work/report.md"

# one comment per pull request: the one carrying the marker is updated, else one is created
pr=${PODIUM_AB_PR:-}
if [ -z "$pr" ] && [ -n "${GITHUB_EVENT_PATH:-}" ] && [ -f "$GITHUB_EVENT_PATH" ]; then
  pr=$(jq -r '.pull_request.number // empty' "$GITHUB_EVENT_PATH")
fi
if [ -n "$pr" ] && [ -n "${GITHUB_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
  api=${GITHUB_API_URL:-https://api.github.com}
  gh_api() { # METHOD PATH [BODY FILE]
    curl -fsS -X "$1" "$api$2" -H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json" \
      -H "X-GitHub-Api-Version: 2022-11-28" ${3:+--data-binary "@$3"}
  }
  jq -Rs '{body: .}' "$work/report.md" > "$work/comment.json"
  id=""
  for page in $(seq 1 20); do
    comments=$(gh_api GET "/repos/$GITHUB_REPOSITORY/issues/$pr/comments?per_page=100&page=$page")
    id=$(jq -r --arg m "$marker" '[.[] | select(.body | contains($m))][0].id // empty' <<<"$comments")
    if [ -n "$id" ] || [ "$(jq length <<<"$comments")" -lt 100 ]; then break; fi
  done
  if [ -n "$id" ]; then
    gh_api PATCH "/repos/$GITHUB_REPOSITORY/issues/comments/$id" "$work/comment.json" >/dev/null
    echo "ab-pr: updated comment $id on pull request $pr" >&2
  else
    gh_api POST "/repos/$GITHUB_REPOSITORY/issues/$pr/comments" "$work/comment.json" >/dev/null
    echo "ab-pr: commented on pull request $pr" >&2
  fi
else
  echo "ab-pr: no pull request comment (needs GITHUB_TOKEN, GITHUB_REPOSITORY and the pull request's number)" >&2
fi

if [ $failed -ne 0 ]; then
  echo "ab-pr: an A/B could not be measured" >&2
  exit 1
fi
if [ ${#worse[@]} -gt 0 ]; then
  echo "ab-pr: B (the head) is slower than A (the merge base) beyond the threshold $beyond:" >&2
  printf '  %s\n' "${worse[@]}" >&2
  exit 3
fi
echo "ab-pr: no cell's throughput is worse beyond the threshold" >&2
