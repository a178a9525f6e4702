# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers as the account sees them: applications (the mc_rollout role's hosts) and registries (the mc_registry role's)."""

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import with_held_secrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    InventoryError,
    Options,
    Part,
    Settings,
    Shape,
    drift,
    settled,
    snake,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP, USER_MAPS, app_patch, merge_app
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.log_forwarding import FORWARDINGS_PATH, LOG_FORWARDING
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import app_options
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.templates import ENTRY_POINT_MEMBERS, template_patch


def registries(reads):
    """The account's container registries, listed once: a kind of its own, and the hosts its applications' templates name."""
    return reads.once("registries", None, lambda: REGISTRY.list(reads.client))


def registry_hosts(reads):
    """Each container registry's host by its id, as a string (a template names its registry so)."""
    return reads.once("registry hosts", None, lambda: {str(registry["id"]): registry.get("hostName") for registry in registries(reads)})


def log_forwarding_of(reads, app):
    """An application's log forwarding configuration, or None: the account's configurations are one list, read once."""
    def index():
        listed = reads.client.get(FORWARDINGS_PATH) or {}
        return {configuration.get("app"): configuration for configuration in listed.get("items") or []}
    return reads.once("log forwarding", None, index).get(app["id"])


def apps(reads):
    """Every application, each read whole (the list gives a summary: no templates, no scaling), once:
    a kind of its own, and the containers that hold databases' tokens."""
    return reads.once("apps", None, lambda: [APP.read(reads.client, summary["id"]) for summary in APP.list(reads.client)])


# What mc_app takes of an application besides its templates, and where a read holds it.
APP_SETTINGS = (("runtime_type", "runtimeType"), ("autoscaling", "autoScaling"), ("region_settings", "regionSettings"), ("volumes", "volumes"))
TEMPLATE_FIELDS = (("image_registry_id", "imageRegistryId"), ("image_namespace", "imageNamespace"), ("image_name", "imageName"),
                   ("image_tag", "imageTag"), ("image_digest", "imageDigest"), ("image_pull_policy", "imagePullPolicy"),
                   ("entry_point", "entryPoint"), ("probes", "probes"), ("environment_variables", "environmentVariables"),
                   ("endpoints", "endpoints"), ("volume_mounts", "volumeMounts"))
HIDDEN = "********"


def _app_settings(app):
    """An application's settings as mc_app's options take them (node selectors are never read back)."""
    region = app.get("regionSettings") or {}
    scaling = app.get("autoScaling")
    return dict(
        runtime_type=app.get("runtimeType"),
        autoscaling={"min": scaling.get("min"), "max": scaling.get("max")} if scaling else None,
        region_settings=settled({"allowed_region_ids": region.get("allowedRegionIds"), "required_region_ids": region.get("requiredRegionIds"),
                                 "max_allowed_regions": region.get("maxAllowedRegions")}) or None,
        # A size is whole gigabytes, which a read may write as 5.0.
        volumes=[{"name": volume["name"], "size": int(volume["size"]) if volume.get("size") is not None else None} for volume in app.get("volumes") or []],
        purge_volumes=True,
    )


def _probe_options(probe):
    options = {snake(counter): probe.get(counter) for counter in ("initialDelaySeconds", "periodSeconds", "timeoutSeconds",
                                                                  "failureThreshold", "successThreshold")}
    if probe.get("httpGet"):
        http_get = probe["httpGet"]
        options["http_get"] = {"path": (http_get.get("request") or {}).get("path"), "port_number": (http_get.get("request") or {}).get("portNumber"),
                               "expected_status_code": (http_get.get("response") or {}).get("expectedStatusCode")}
    if probe.get("tcpSocket"):
        options["tcp_socket"] = {"port_number": (probe["tcpSocket"].get("request") or {}).get("portNumber")}
    if probe.get("grpc"):
        request = probe["grpc"].get("request") or {}
        options["grpc"] = {"port_number": request.get("portNumber"), "service_name": request.get("serviceName")}
    return settled(options)


def _port_mappings(endpoint):
    return [settled({"container_port": mapping.get("containerPort"), "exposed_port": mapping.get("exposedPort"), "protocols": mapping.get("protocols")})
            for mapping in endpoint.get("portMappings") or []]


def _endpoint_options(endpoint):
    if endpoint.get("type") == "anycast":
        return {"display_name": endpoint.get("displayName"), "anycast": {"port_mappings": _port_mappings(endpoint)}}
    # An endpoint without sticky sessions reads as sticky sessions with no header, which mc_app
    # cannot be given (it takes one to three): written as left as it is.
    sticky = endpoint.get("stickySessions")
    sticky = sticky if sticky and sticky.get("sessionHeaders") else None
    pull_zone_id = endpoint.get("pullZoneId")
    return {"display_name": endpoint.get("displayName"), "cdn": settled({
        "is_ssl_enabled": endpoint.get("isSslEnabled"), "pull_zone_id": int(pull_zone_id) if pull_zone_id not in (None, "") else None,
        "port_mappings": _port_mappings(endpoint), "sticky_sessions": {snake(key): value for key, value in sticky.items()} if sticky else None})}


def _template_option(option, template):
    """One option of mc_app's container_templates as a template read holds it."""
    value = template.get(dict(TEMPLATE_FIELDS)[option])
    if option == "entry_point":
        return settled({snake(member): (value or {}).get(member) for member in ENTRY_POINT_MEMBERS}) or None
    if option == "probes":
        return {name: _probe_options(probe) for name, probe in (value or {}).items() if probe} or None
    if option == "environment_variables":
        return {variable["name"]: variable.get("value") or "" for variable in value or []}
    if option == "endpoints":
        return [_endpoint_options(endpoint) for endpoint in value or []]
    if option == "volume_mounts":
        return [{"name": mount["name"], "mount_path": mount.get("mountPath")} for mount in value or []]
    # An image not pinned is written as pinned to nothing (""), so that a digest pinned later is drift.
    return (value or "") if option == "image_digest" else value


def _template_options(template):
    options = {"name": template["name"]}
    options.update((option, _template_option(option, template)) for option, _field in TEMPLATE_FIELDS)
    # Each list and map is the whole of the template's, as the export writes it.
    options.update(purge_entry_point=True, purge_probes=True, purge_environment_variables=True, purge_endpoints=True, purge_volume_mounts=True)
    return settled(options)


class Application(Part):
    """An application's settings (``mc_rollout_app``) and its container templates, each whole
    (``mc_rollout_containers``: image, environment, entry point, probes, endpoints, mounts), as
    mc_app takes them; compared by mc_app's own merge: a field is drift when mc_app would send it.
    The values of a container's ``secret_environment_variables`` never show in a drift."""

    SETTINGS, CONTAINERS = "mc_rollout_app", "mc_rollout_containers"
    SPEC = {name: spec for name, spec in app_options().items()
            if name in ("runtime_type", "autoscaling", "region_settings", "volumes", "purge_volumes", "container_templates")}

    def __init__(self):
        self.validator = ArgumentSpecValidator(self.SPEC)

    def variables(self):
        return [self.SETTINGS, self.CONTAINERS]

    def fields(self):
        return (["%s.%s" % (self.SETTINGS, option) for option, _field in APP_SETTINGS]
                + ["%s[].%s" % (self.CONTAINERS, option) for option, _field in TEMPLATE_FIELDS])

    def export(self, reads, record):
        return {self.SETTINGS: _app_settings(record), self.CONTAINERS: [_template_options(template) for template in record.get("containerTemplates") or []]}

    def _params(self, variables):
        given = dict(variables.get(self.SETTINGS) or {})
        if variables.get(self.CONTAINERS) is not None:
            given["container_templates"] = variables[self.CONTAINERS]
        result = self.validator.validate(given)
        if result.error_messages:
            raise InventoryError("%s: %s" % (" and ".join(self.variables()), "; ".join(result.error_messages)))
        return result.validated_parameters

    def drift(self, reads, record, variables):
        if variables.get(self.SETTINGS) is None and variables.get(self.CONTAINERS) is None:
            return []
        params = with_held_secrets(self._params(variables), record)
        hosts = registry_hosts(reads)
        predicted = merge_app(record, params, lambda registry_id: hosts.get(str(registry_id)))
        patch = app_patch(record, predicted)
        wanted, held = _app_settings(predicted), _app_settings(record)
        found = [drift("%s.%s" % (self.SETTINGS, option), wanted[option], held[option]) for option, field in APP_SETTINGS if field in patch]
        current = {template.get("name"): template for template in record.get("containerTemplates") or []}
        after = {template.get("name"): template for template in predicted.get("containerTemplates") or []}
        for options in params.get("container_templates") or []:
            name, secrets = options["name"], set(options.get("secret_environment_variables") or {})
            if name not in current:
                found.append(drift("%s[%s]" % (self.CONTAINERS, name), _hidden(_template_options(after[name]), secrets), None))
                continue
            changed = template_patch(current[name], after[name])
            for option, field in TEMPLATE_FIELDS:
                if field in changed:
                    found.append(drift("%s[%s].%s" % (self.CONTAINERS, name, option), _hidden(_template_option(option, after[name]), secrets, option),
                                       _hidden(_template_option(option, current[name]), secrets, option)))
        return found


def _hidden(value, secrets, option="environment_variables"):
    """``value`` with the values of the secret environment variables hidden."""
    if option == "environment_variables" and isinstance(value, dict) and secrets:
        return {name: HIDDEN if name in secrets else held for name, held in value.items()}
    if isinstance(value, dict) and isinstance(value.get("environment_variables"), dict):
        return dict(value, environment_variables=_hidden(value["environment_variables"], secrets))
    return value


class LogForwardingToken(Part):
    """The token of an application's log forwarding: a secret, so the export writes a vault
    placeholder (only where the account has one) and the audit never compares it."""

    variable = "mc_rollout_log_forwarding_token"

    def fields(self):
        return []

    def variables(self):
        return []

    def export(self, reads, record):
        return {self.variable: None} if (log_forwarding_of(reads, record) or {}).get("token") else {}

    def drift(self, reads, record, variables):
        return []


APP_SHAPE = Shape("mc_rollout", "mc_rollout_app_id", (
    Fixed("mc_rollout_app_id", lambda app: app["id"]),
    Application(),
    # Where the application's logs go, from the account's one list of configurations; all null for
    # an application that forwards none, so that one configured later is drift.
    Settings("mc_rollout_log_forwarding", LOG_FORWARDING, exclude=("token",), record_of=lambda reads, app: log_forwarding_of(reads, app) or {}),
    LogForwardingToken(),
), by_name=("mc_rollout_app_name", lambda reads, app: app["name"]), not_compared={
    "mc_rollout_create": "how a first run creates the application; once it exists, mc_rollout_app holds its settings",
    "mc_rollout_log_forwarding_token": "a secret: the export writes a vault placeholder, and the audit never opens the vault",
})


class RegistryPassword(Part):
    """The registry's password, which the API never returns: a vault placeholder, never compared."""

    variable = "mc_registry_password"

    def fields(self):
        return []

    def variables(self):
        return []

    def export(self, reads, record):
        # A registry read without credentials (a public one) has no password to ask for.
        return {self.variable: None} if record.get("userName") else {}

    def drift(self, reads, record, variables):
        return []


REGISTRY_SHAPE = Shape("mc_registry", "mc_registry_display_name", (
    Fixed("mc_registry_display_name", lambda registry: registry["displayName"]),
    Options("mc_registry_", REGISTRY),
    RegistryPassword(),
    # The platform's own registries are no account's to manage.
), applies=lambda reads, registry: not registry.get("isPlatformManaged"), not_compared={
    "mc_registry_password": "a secret the API never returns", "mc_registry_type": "a read of the registry does not return it",
})


MAGIC_CONTAINERS_KINDS = (
    Kind("app", "application", "apps", apps, lambda app: to_snake(app, keep_keys=USER_MAPS), "id", lambda app: app["name"],
         shapes=(APP_SHAPE,), held_secrets=lambda reads, app: [("log_forwarding_token", (log_forwarding_of(reads, app) or {}).get("token"))]),
    Kind("registry", "registry", "registries", registries, REGISTRY.project, "id", lambda registry: registry["display_name"],
         shapes=(REGISTRY_SHAPE,)),
)
