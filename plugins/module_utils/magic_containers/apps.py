# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers applications: the application as a resource on the engine (mc_app, mc_app_info),
and the merge of mc_app's options into it.

What the engine's common shape does not cover is the application's own: the options are merged into
the record read (templates by name, nested settings, see mc_templates.py), which gives both the
prediction and the PATCH body; node selectors are sent but never read back; a restart, and the
deploy or undeploy that ``state=started`` or ``state=stopped`` asks for, follow the writes as more
writes; a wait for the application to be active follows them as a read, and a delete is followed
by a wait until the application is gone.
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import apply_changes, changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Plan, Read, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, refused
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.images import image_host_problems, image_lookups
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import app_option_problems
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.paths import (
    APP_PATH,
    APPS_PATH,
    DEPLOY_PATH,
    REGISTRIES_PATH,
    REGISTRY_DIGEST_PATH,
    RESTART_PATH,
    UNDEPLOY_PATH,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.templates import (
    ContainerTemplateResource,
    env_value,
    mask_secret_variables,
    masked_variables,
    merge_keyed,
    merge_record,
    merge_template,
    mount_problems,
    request_problems,
    same_set_keeps_order,
    secret_values,
    template_request,
    without_none,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.waits import wait_until_active, wait_until_gone

# User-supplied maps whose keys are data, not field names: they keep their spelling in results.
USER_MAPS = ("nodeSelectors",)
APP_REQUEST_FIELDS = ("name", "runtimeType", "autoScaling", "regionSettings", "containerTemplates", "volumes")
# The read shape of an application the API has just created, before the options are applied.
NEW_APP = {
    "id": None,
    "name": None,
    "displayEndpoint": None,
    "status": None,
    "runtimeType": None,
    "regionSettings": {"allowedRegionIds": [], "requiredRegionIds": [], "maxAllowedRegions": None},
    "containerTemplates": [],
    "containerInstances": [],
    "volumes": [],
    "autoScaling": None,
}
# The status of an application that is undeployed: no instance runs until it is deployed again.
UNDEPLOYED = "inactive"
# What AddApplicationRequest requires, by the options that give it.
CREATE_OPTIONS = ("name", "runtime_type", "autoscaling", "region_settings", "container_templates")


# --- The application on the engine ---------------------------------------------------------------


def masked_templates(app, secrets):
    """``app`` (as results show it) with each template's secret variables (``secrets``: {template name: names}) masked."""
    if not app or app.get("container_templates") is None:
        return app
    return dict(app, container_templates=[masked_variables(template, secrets.get(template.get("name")))
                                          for template in app["container_templates"]])


class AppResource(Resource):
    """The application's life on the engine, with what is its own.

    ``desired`` is mc_app's options as they are: what they change is known only once they are
    merged into the application read. The module names the application by ``app_id`` (not the
    engine's ``id``); a list item carries the name and status only, so an application found by its
    name is read in full.
    """

    def project(self, record):
        """The record as results and diffs show it: snake_case, node selector labels as given."""
        return None if record is None else to_snake(record, keep_keys=USER_MAPS)

    def container_templates(self, app_id):
        """The container templates of application ``app_id``, as a resource whose path carries the application."""
        return ContainerTemplateResource(self, app_id)

    def find(self, module, record_id=None, name=None, missing_ok=False):
        found = super().find(module, record_id, name, missing_ok)
        if found is None or record_id is not None:
            return found
        return self.read(module.client, found["id"])

    def plan(self, module, desired):
        problems = app_option_problems(desired)
        if problems:
            return Plan(problems=problems)
        app_id = desired["app_id"]
        current = self.find(module, app_id, desired["name"] if app_id is None else None, missing_ok=desired["state"] == "absent")
        if desired["state"] == "absent":
            return self.plan_delete(module, current)
        self.hide_secrets(module, current or NEW_APP, desired)
        plan = self.plan_create(module, desired) if current is None else self.plan_update(module, current, desired)
        secrets = {options["name"]: set(options.get("secret_environment_variables") or ()) for options in desired["container_templates"] or []}
        mask_secret_variables(plan, lambda app: masked_templates(app, secrets))
        return plan

    def plan_create(self, module, desired):
        """One AddApplicationRequest with every field; then a read of the new application, or the wait."""
        problems = create_problems(desired)
        if problems:
            return Plan(problems=problems, refusal="Cannot create the application: %s.", refusal_key="missing_options")
        predicted, body, problems = self.merged(NEW_APP, desired, image_lookups(module.client))
        if problems:
            return refused("Cannot create application %r: %s" % (desired["name"], "; ".join(problems)))
        plan = Plan(before={}, after=self.project(predicted))
        plan.add(Write("POST", self.paths.create, body, confirm=lambda: self.only_named(module, desired["name"]),
                       answered=lambda answer: setattr(plan, "record", answer)))
        # A new application starts with its templates: only state=stopped has more to do.
        self.plan_deployment(module, plan, desired["state"], None, configured=True)
        self.read_after(module, plan, body)
        return plan

    def plan_update(self, module, current, desired):
        """One PATCH with the fields that change, the restart asked for, then a read of the application, or the wait."""
        app_id = current["id"]
        ambiguous = ambiguous_templates(current, desired["container_templates"])
        if ambiguous:
            return refused("Application %s has several container templates named %s; rename them with "
                           "bunnynet.cloud.mc_container_template and container_id first" % (app_id, ", ".join(map(repr, ambiguous))))
        lookups = image_lookups(module.client)
        predicted, body, problems = self.merged(current, desired, lookups)
        if problems:
            return refused("Cannot update application %s: %s" % (app_id, "; ".join(problems)))
        plan = Plan(before=self.project(current), after=self.project(predicted), record=current)
        if body:
            # Node selectors are never read back, so a write of nothing else is confirmed by sending
            # it again (it sets the same values), not by a read that cannot tell.
            confirmable = app_patch(current, merge_app(current, without_node_selectors(desired), *lookups))
            plan.add(Write("PATCH", self.path(app_id), body,
                           confirm=(lambda: self.converged(module.client, app_id, desired, lookups)) if confirmable else None))
        deployed = self.plan_deployment(module, plan, desired["state"], current.get("status"), configured=bool(body))
        # A deploy starts every pod afresh, so a restart would only repeat it.
        if not deployed and (desired["restart"] == "always" or (desired["restart"] == "on_change" and body)):
            # A second restart does no harm the first did not, so an unknown outcome is resent.
            plan.add(Write("POST", build_path(RESTART_PATH, id=app_id), confirm=None))
        self.read_after(module, plan, body)
        return plan

    def plan_deployment(self, module, plan, state, status, configured):
        """The deploy (``state=started``) or undeploy (``state=stopped``) the application's ``status``
        calls for, added to ``plan`` with its prediction; True when a deploy is added.

        Idempotent by the status read: ``inactive`` is undeployed, any other status deployed. An
        application this run created or changed (``configured``) is undeployed again for
        ``state=stopped``, since an update may roll it out (the vendor does not say it does not).
        """
        if state == "stopped":
            needed, path, after = status != UNDEPLOYED or configured, UNDEPLOY_PATH, {"status": UNDEPLOYED, "container_instances": []}
        elif state == "started":
            needed, path, after = status == UNDEPLOYED, DEPLOY_PATH, {"status": "progressing"}
        else:
            return False
        if status == "suspended":
            module.fail("Application %s is suspended, and the API neither deploys nor undeploys a suspended application "
                        "(HTTP 409); state=%s cannot be met." % (plan.record["id"], state))
        if not needed:
            return False
        plan.after.update(after)
        # Deploying or undeploying again does no harm, so an unknown outcome is resent.
        plan.add(Write("POST", lambda: build_path(path, id=plan.record["id"]), confirm=None))
        return state == "started"

    def plan_delete(self, module, current):
        """The engine's delete, then a wait until the application is gone: the API deletes it later."""
        plan = super().plan_delete(module, current)
        if current is not None:
            app_id = current["id"]
            plan.add(Read(lambda: wait_until_gone(lambda: self.read(module.client, app_id), app_id, module.params["wait_timeout"]),
                          _fail_with))
        return plan

    @staticmethod
    def hide_secrets(module, current, desired):
        """Keep the secret variables' values out of all output: those given and those the templates hold."""
        present = {template.get("name"): template for template in current.get("containerTemplates") or []}
        for options in desired["container_templates"] or []:
            module.hide_values(secret_values(present.get(options["name"]), options))

    @staticmethod
    def merged(current, desired, lookups):
        """``(prediction, body, problems)``: what ``current`` becomes, the request that makes it so (a
        create sends every field, an update those that change), and why that cannot be sent."""
        registry_hosts, _image_digests = lookups
        predicted = merge_app(current, desired, *lookups)
        body = app_patch({} if current is NEW_APP else current, predicted)
        problems = app_problems(current, predicted, desired)
        predicted_templates = {template.get("name"): template for template in predicted.get("containerTemplates") or []}
        for index, options in enumerate(desired["container_templates"] or []):
            problems.extend(image_host_problems(
                options, predicted_templates[options["name"]], registry_hosts, "container_templates[%d]." % index))
        if "containerTemplates" in body:
            problems.extend(
                problem
                for template in predicted["containerTemplates"]
                for problem in request_problems(template, "container template %r" % template.get("name"))
            )
        return predicted, body, problems

    def read_after(self, module, plan, body):
        """After the writes: the wait until the application is active (``wait``), or one read when they
        changed it; the result adds the node selectors ``body`` sent. Check mode keeps the prediction."""
        def read():
            return self.read(module.client, plan.record["id"])

        if module.params["wait"]:
            plan.add(Read(lambda: wait_until_active(read, plan.record["id"], module.params["wait_timeout"]),
                          lambda waited: self._waited(plan, body, *waited)))
        elif plan.changed:
            plan.add(Read(read, lambda app: setattr(plan, "after", self.project(with_node_selectors(app, body)))))

    def _waited(self, plan, body, app, problem):
        plan.after = self.project(with_node_selectors(app, body))
        if problem:
            raise Failure(problem, app=plan.after, app_status=app.get("status"))

    def converged(self, client, app_id, desired, lookups):
        """The application as read now, if it already holds what ``desired`` asks for; else None.

        Node selectors are left out: the API never reads them back, so they cannot show whether a
        write took effect (a write of node selectors alone is sent without this check).
        """
        app = self.read(client, app_id)
        return None if app_patch(app, merge_app(app, without_node_selectors(desired), *lookups)) else app


def _fail_with(problem):
    if problem:
        raise Failure(problem)


# The list is cursor-paged and has no search: every application is listed and the names compared.
APP = AppResource(
    noun="application", result_key="app", key=Field("name", "name"), fields=(),
    paths=Paths(APPS_PATH, APP_PATH, search=None, pages="cursor"),
    record=Record(id_field="id"),
)


# --- The merge, in the read shape ----------------------------------------------------------------

def create_problems(params):
    """Why mc_app cannot create the application it was asked for: what AddApplicationRequest needs is missing."""
    missing = [option for option in CREATE_OPTIONS if not params.get(option)]
    if not missing:
        return []
    return ["No application is named %r; to create it, give %s too" % (params["name"], ", ".join(missing))]


def app_problems(current, predicted, params):
    """Why the change to the application cannot be sent: volumes still mounted, mounts of missing volumes."""
    kept = {volume["name"] for volume in predicted.get("volumes") or []}
    removed = {volume["name"] for volume in current.get("volumes") or []} - kept
    problems = [
        "purge_volumes would delete volume %r, which container template %r still mounts at %s; remove the mount "
        "first (its volume_mounts with purge_volume_mounts=true)" % (mount["name"], template.get("name"), mount.get("mountPath"))
        for template in predicted.get("containerTemplates") or []
        for mount in template.get("volumeMounts") or []
        if mount["name"] in removed
    ]
    for index, options in enumerate(params.get("container_templates") or []):
        problems.extend(mount_problems(kept | removed, options, "container_templates[%d]." % index, "list it under volumes"))
    return problems


def ambiguous_templates(current, wanted):
    """Names in ``wanted`` that match several existing templates: which one to change is a guess."""
    names = [template.get("name") for template in current.get("containerTemplates") or []]
    return sorted({item["name"] for item in wanted or [] if names.count(item["name"]) > 1})


def merge_app(current, params, registry_hosts, image_digests=None):
    """The application ``current`` becomes once the mc_app options ``params`` are applied."""
    wanted = dict(
        name=params.get("name"),
        runtimeType=params.get("runtime_type"),
        autoScaling=params.get("autoscaling"),
    )
    predicted = merge_record(current, wanted)
    region = params.get("region_settings")
    if region is not None:
        predicted["regionSettings"] = _merge_region_settings(current.get("regionSettings") or {}, region)
    volumes = params.get("volumes")
    if volumes is not None:
        predicted["volumes"] = merge_keyed(
            current.get("volumes") or [], volumes, "name", params.get("purge_volumes"), merge_record)
    templates = params.get("container_templates")
    if templates is not None:
        predicted["containerTemplates"] = merge_keyed(
            current.get("containerTemplates") or [], templates, "name", params.get("purge_container_templates"),
            lambda present, options: merge_template(present, options, registry_hosts, image_digests))
    return predicted


def _merge_region_settings(present, region):
    wanted = {
        "allowedRegionIds": same_set_keeps_order(present.get("allowedRegionIds"), region.get("allowed_region_ids")),
        "requiredRegionIds": same_set_keeps_order(present.get("requiredRegionIds"), region.get("required_region_ids")),
        "maxAllowedRegions": region.get("max_allowed_regions"),
        "nodeSelectors": None if region.get("node_selectors") is None else {
            key: env_value(value) for key, value in region["node_selectors"].items()},
    }
    # Node selectors are one map, replaced as a whole, so a selector left out is removed. The API's
    # read model does not return them: absent from the read, they always count as a change, since
    # claiming they are set without seeing them would be the unsafe guess.
    return apply_changes(present, changed_fields(present, wanted, whole_keys=USER_MAPS), whole_keys=USER_MAPS)


def without_node_selectors(params):
    """mc_app's options without node selectors: what a read of the application can confirm."""
    region = params.get("region_settings")
    if not region or region.get("node_selectors") is None:
        return params
    return dict(params, region_settings=dict(region, node_selectors=None))


def with_node_selectors(app, body):
    """The application read back, plus the node selectors ``body`` sent, which reads never return."""
    selectors = ((body or {}).get("regionSettings") or {}).get("nodeSelectors")
    if selectors is None or (app.get("regionSettings") or {}).get("nodeSelectors") is not None:
        return app
    app = copy.deepcopy(app)
    app.setdefault("regionSettings", {})["nodeSelectors"] = selectors
    return app


# --- The request, derived from the read shape ----------------------------------------------------

def app_patch(current, predicted):
    """The PatchApplicationRequest that turns ``current`` into ``predicted``: changed fields only.

    An array that is sent replaces the stored one (items left out are deleted), so it carries every
    item that stays: templates with their id, volumes by name.
    """
    body = {}
    for field in APP_REQUEST_FIELDS:
        if predicted.get(field) == current.get(field):
            continue
        value = predicted[field]
        if field == "regionSettings":
            value = without_none({key: value.get(key) for key in (
                "allowedRegionIds", "requiredRegionIds", "maxAllowedRegions", "nodeSelectors")})
        elif field == "autoScaling":
            value = {"min": value["min"], "max": value["max"]}
        elif field == "volumes":
            value = [{"name": volume["name"], "size": int(volume["size"])} for volume in value]
        elif field == "containerTemplates":
            current_by_id = {template.get("id"): template for template in current.get("containerTemplates") or []}
            value = [template_request(template, current_by_id.get(template.get("id"), {})) for template in value]
        body[field] = value
    return body


# --- Failures, in words -------------------------------------------------------------------------

def error_describer(app_id):
    """What an API error means for this application, in a sentence (None keeps the error's own)."""
    def describe(error):
        if error.path == REGISTRY_DIGEST_PATH:
            return "resolve_digest could not look up the digest of the image's tag (HTTP %s): %s" % (error.status, error)
        if error.status == 404 and error.path.startswith(REGISTRIES_PATH + "/"):
            return "Container registry %s, named by image_registry_id, was not found (HTTP 404)." % (
                error.path.rsplit("/", 1)[-1])
        if app_id is None:
            return None
        if error.status in (400, 422):
            return "The API rejected the request for application %s (HTTP %s): %s" % (app_id, error.status, error)
        if error.status == 403:
            return "The API refused to change application %s (HTTP 403): the account has an invalid card or is suspended." % app_id
        if error.status == 409:
            return "The API refused to deploy or undeploy application %s (HTTP 409): it is suspended." % app_id
        if error.status == 404:
            if "/containers/" in error.path:
                return "Application %s or the container template asked for was not found (HTTP 404)." % app_id
            return "Application %s was not found (HTTP 404)." % app_id
        return None
    return describe
