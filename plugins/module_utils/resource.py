# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The resource engine: the whole life of a top-level resource, declared as data.

Most of the API is top-level resources with the same life: a list (with ``search`` and pages), a
read, a create, a partial update and a delete. A module declares its ``Resource`` (where it lives,
its natural key, its fields) and the engine does the rest: it finds the resource by id or by key,
creates it, updates the fields that differ and nothing else, deletes it, predicts all of that in
check mode, gives ``--diff`` the same projection on both sides, sends every write through
``BunnyModule.write`` with a read that settles a lost answer, serialises writes where the API needs
it, and masks secrets. docs/development.md walks through declaring one.

Values are compared in the API's own terms: an option's value is turned into what the API stores
(readable names into the API's numbers, a list into the several switches it stands for) and compared
with the record read, so that what is sent is exactly what differs.
"""

import copy
import difflib
from contextlib import contextmanager

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.locking import LockTimeout, LockUnavailable, resource_lock
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake

DEFAULT_LOCK_TIMEOUT = 600
STATE_OPTION = dict(type="str", choices=["present", "absent"], default="present")
LOCK_TIMEOUT_OPTION = dict(type="int", default=DEFAULT_LOCK_TIMEOUT)


class Field:
    """One setting of a resource: its option, where the API keeps it, and how it compares.

    ``api`` is the property a write sends; ``read_as`` the property a read returns, where the API
    spells the two differently. ``names`` maps readable option values to the API's numbers (values
    the API returns that no name has pass through as they are). A list compares as a set unless
    ``ordered``; ``ignore_case`` compares strings (and list items) without regard to case.
    ``create_only`` fields are sent with the create and refused when they differ later. A field that
    stands for several API properties gives ``to_api(value) -> {property: value}`` and
    ``from_api(record) -> value`` instead of ``api``.
    """

    def __init__(self, option, api=None, type="str", elements=None, names=None, choices=None, read_as=None,
                 create_only=False, ordered=False, ignore_case=False, no_log=None, to_api=None, from_api=None):
        self.option = option
        self.api = api
        self.read_as = read_as or api
        self.type = type
        self.elements = elements
        self.names = names
        self.choices = list(names) if names else choices
        self.create_only = create_only
        self.ordered = ordered
        self.ignore_case = ignore_case
        self.no_log = no_log
        self._to_api = to_api
        self._from_api = from_api

    def argument_spec(self):
        spec = dict(type=self.type)
        if self.elements:
            spec["elements"] = self.elements
        if self.choices:
            spec["choices"] = list(self.choices)
        if self.no_log is not None:
            spec["no_log"] = self.no_log
        return spec

    def to_api(self, value):
        """The API properties (by the names a write sends) that the option's value sets."""
        if self._to_api:
            return self._to_api(value)
        return {self.api: self.names[value] if self.names else value}

    def from_api(self, record):
        """The option's value as the record holds it; unknown numbers pass through."""
        if self._from_api:
            return self._from_api(record)
        value = record.get(self.read_as)
        if self.names:
            return next((name for name, number in self.names.items() if number == value), value)
        return value

    def same(self, present, wanted):
        return comparable(present, self.ordered, self.ignore_case) == comparable(wanted, self.ordered, self.ignore_case)


def comparable(value, ordered=False, ignore_case=False):
    """A value in the form two values are compared in: sets unordered, strings folded when asked."""
    if isinstance(value, str) and ignore_case:
        return value.casefold()
    if isinstance(value, list):
        items = [comparable(item, ordered, ignore_case) for item in value]
        return items if ordered else sorted(items, key=repr)
    if isinstance(value, dict):
        return {key: comparable(item, ordered, ignore_case) for key, item in value.items()}
    return value


class Resource:
    """Where a top-level resource lives and what it is made of.

    ``key`` is the field that names it uniquely (compared exactly; the list's search only narrows
    the pages, since it matches any part of a name). ``item_path`` takes ``{id}``. ``update_method``
    None declares a resource the API cannot change after creation. ``server_fields`` are snake_case
    result keys only the API knows (ids, generated hostnames, usage); a check-mode create predicts
    them as null. ``secret_keys`` are snake_case result keys whose values never leave the module.
    ``lock_creates`` serialises the creates of parallel tasks on one controller (the API failed
    parallel creates of some resources); ``lock_writes`` serialises the writes to one resource.
    ``delete_method`` None declares a resource the API cannot delete; ``state: absent`` then fails
    with ``no_delete``, a sentence formatted with the record (``%(Name)s``).
    ``plural`` names several (``noun`` + "s" unless given).
    ``create_names`` declares a create model narrower than the update model: the properties a create
    takes, each by the name the create model gives it (write name -> create name); what it lacks
    follows in an update of the new record. ``create_requires`` names the options a create cannot
    do without. ``new_record`` is what a new record reads back with, apart from the server's fields
    and what the options set, so that a check-mode create predicts it. ``read_after_write`` declares
    writes that answer less than a read returns: the result is read after each write.
    ``search_param`` is None for a list without search; ``paged`` False for a list that is one array.
    ``read_names`` maps properties a write sends to the names a read returns them by, where the API
    spells them otherwise and no field declares it. ``predict(after, changes)`` adds to a predicted
    record what the API changes along with a write; ``problems(current, desired)`` returns sentences
    for desired states the API would not keep (``current`` is None before a create), which fail the
    run before any write.
    """

    def __init__(self, noun, result_key, key, fields, list_path, item_path, create_path=None, create_method="POST",
                 update_method="POST", delete_method="DELETE", no_delete=None, id_field="Id", server_fields=(), secret_keys=(),
                 search_param="search", paged=True, read_params=None, read_names=None, lock_creates=False,
                 lock_writes=False, predict=None, problems=None, plural=None, create_names=None, create_requires=(),
                 new_record=None, read_after_write=False):
        self.noun = noun
        self.plural = plural or noun + "s"
        self.result_key = result_key
        self.key = key
        self.fields = tuple(fields)
        self.list_path = list_path
        self.item_path = item_path
        self.create_path = create_path or list_path
        self.create_method = create_method
        self.update_method = update_method
        self.delete_method = delete_method
        self.no_delete = no_delete
        self.id_field = id_field
        self.server_fields = tuple(server_fields)
        self.secret_keys = tuple(secret_keys)
        self.search_param = search_param
        self.paged = paged
        self.read_params = read_params
        self.lock_creates = lock_creates
        self.lock_writes = lock_writes
        self.read_names = dict(read_names or {})
        self._predict = predict
        self._problems = problems
        self.create_names = dict(create_names) if create_names is not None else None
        self.create_requires = tuple(create_requires)
        self.new_record = dict(new_record or {})
        self.read_after_write = read_after_write

    # --- What a module declares with it ---------------------------------------------------------

    def argument_spec(self, **extra):
        """``id``, the key, every field, ``state`` and, where writes are serialised, ``lock_timeout``."""
        spec = dict(id=dict(type="int"))
        spec[self.key.option] = self.key.argument_spec()
        spec.update((field.option, field.argument_spec()) for field in self.fields)
        spec["state"] = dict(STATE_OPTION)
        if self.lock_creates or self.lock_writes:
            spec["lock_timeout"] = dict(LOCK_TIMEOUT_OPTION)
        spec.update(extra)
        return spec

    def module_kwargs(self):
        return dict(required_one_of=[("id", self.key.option)])

    def rules(self):
        """The bounds of the options argument_spec() adds."""
        locked = (("lock_timeout", dict(minimum=1)),) if self.lock_creates or self.lock_writes else ()
        return (("id", dict(minimum=1)),) + locked

    def path(self, record_id):
        return build_path(self.item_path, id=record_id)

    def lock_path(self, record_id):
        """The resource whose lock serialises writes to this record: the record itself, unless a resource shares a parent's."""
        return self.path(record_id)

    def create_request(self, module, body):
        """``(method, path, body)`` of a create; a resource whose API wraps the body overrides it."""
        return self.create_method, self.create_path, body

    def update_request(self, current, changes, after):
        """``(method, path, body)`` of an update sending ``changes`` to ``current`` (``after`` is the prediction)."""
        return self.update_method, self.path(current[self.id_field]), changes

    # --- Reading --------------------------------------------------------------------------------

    def read(self, client, record_id):
        return client.get(self.path(record_id), params=self.read_params)

    def list(self, client, search=None):
        """Every record of the list, from every page; ``search`` narrows it where the API can."""
        query = dict(self.read_params or {})
        if search and self.search_param:
            query[self.search_param] = search
        if self.paged:
            return list(client.paginate_pages(self.list_path, query))
        return list(client.get(self.list_path, params=query) or [])

    def named(self, client, name):
        """Every record whose key is ``name``: exactly, or as the key field declares (without regard to case)."""
        return [record for record in self.list(client, search=name) if self.key.same(record.get(self.key.read_as), name)]

    def find(self, module, record_id=None, name=None, missing_ok=False):
        """The record with ``record_id``, or the one whose key is ``name``; None when there is none.

        A key that several records share fails, listing them: guessing would change the wrong one.
        An id that is not found fails with its 404 (a stale id must not quietly become a new
        resource), unless ``missing_ok``.
        """
        if record_id is not None:
            try:
                return self.read(module.client, record_id)
            except BunnyApiError as error:
                if missing_ok and error.status == 404:
                    return None
                raise
        matches = self.named(module.client, name)
        if len(matches) > 1:
            ids = [match.get(self.id_field) for match in matches]
            module.fail("%d %s are named %r (ids %s); give the id of the one to manage." % (
                len(matches), self.plural, name, ", ".join(str(record_id) for record_id in ids)), ids=ids)
        return matches[0] if matches else None

    # --- Results --------------------------------------------------------------------------------

    def project(self, record):
        """The record as results and diffs show it: snake_case, numbers the module names by name."""
        if record is None:
            return None
        projected = to_snake(record)
        for field in self.fields:
            if field.names:
                projected[snake_name(field.read_as)] = field.from_api(record)
        return projected

    # --- The life -------------------------------------------------------------------------------

    def desired(self, params, fields=None):
        """The API properties the options given set (options left out mean "leave as it is")."""
        wanted = {}
        for field in fields if fields is not None else self.fields:
            value = params.get(field.option)
            if value is not None:
                wanted.update(field.to_api(value))
        return wanted

    def differences(self, record, wanted):
        """The part of ``wanted`` (API properties, write names) that the record does not hold yet."""
        changes = {}
        for name, value in wanted.items():
            field = self._field_for(name) or Field(name)
            if not field.same(record.get(self._read_name(name)), value):
                changes[name] = value
        return changes

    def _field_for(self, api_name):
        for field in self.fields + (self.key,):
            if field.api == api_name:
                return field
        return None

    def _read_name(self, api_name):
        field = self._field_for(api_name)
        return field.read_as if field else self.read_names.get(api_name, api_name)

    def predicted(self, record, changes):
        """The record after ``changes``: read names updated, and whatever the API moves along with them."""
        after = copy.deepcopy(record)
        for name, value in changes.items():
            after[self._read_name(name)] = copy.deepcopy(value)
        return self._predict(after, changes) if self._predict else after

    def converge(self, module, desired):
        """Make the resource the module names hold ``desired`` (API properties), or be gone."""
        params = module.params
        current = self.find(module, params["id"], params[self.key.option], missing_ok=params["state"] == "absent")
        if params["state"] == "absent":
            self._delete(module, current)
        problems = self._problems(current, desired) if self._problems else []
        if problems:
            module.fail("Invalid input: %s." % "; ".join(problems), invalid_options=problems)
        if current is None:
            self._create(module, desired)
        else:
            name = params[self.key.option]
            if name is not None and not self.key.create_only:
                desired = dict(desired, **self.key.to_api(name))
            self._update(module, current, desired)

    def _create(self, module, desired):
        name = module.params[self.key.option]
        missing = [option for option in self.create_requires if module.params.get(option) is None]
        if missing:
            module.fail("%s %r does not exist; %s %s required to create it." % (
                self.noun.capitalize(), name, " and ".join(missing), "is" if len(missing) == 1 else "are"))
        body = dict(desired)
        body.update(self.key.to_api(name))
        predicted = self.predicted(self.new_record, body)
        predicted[self.id_field] = None
        after = self.project(predicted)
        after.update((key, None) for key in self.server_fields)
        if not module.check_mode:
            create_body, rest = self._split_create(body)
            with self._lock(module, self.list_path + " (create)", self.lock_creates):
                # Another task of the same run may have created it while this one waited for the lock.
                created_meanwhile = self._only_named(module, name) if self.lock_creates else None
                if created_meanwhile:
                    self._update(module, created_meanwhile, desired)
                answer = module.write(*self.create_request(module, create_body), confirm=lambda: self._only_named(module, name))
            created = answer if isinstance(answer, dict) and answer.get(self.id_field) is not None else None
            created = created or self._only_named(module, name)
            if rest or self.read_after_write:
                record_id = created[self.id_field]
                if rest:
                    module.write(*self.update_request(created, rest, None), confirm=lambda: self._holding(module, record_id, rest))
                created = self.read(module.client, record_id)
            after = self.project(created)
        module.exit_resource(True, {}, after)

    def _split_create(self, body):
        """``(create body, the rest)``: what the create model takes, by its names, and what must follow in an update."""
        if self.create_names is None:
            return body, {}
        create_body = {self.create_names[name]: value for name, value in body.items() if name in self.create_names}
        return create_body, {name: value for name, value in body.items() if name not in self.create_names}

    def _only_named(self, module, name):
        matches = self.named(module.client, name)
        return matches[0] if len(matches) == 1 else None

    def _update(self, module, current, desired):
        record_id = current[self.id_field]
        self._refuse_create_only(module, current)
        changes = self.differences(current, desired)
        after = self.predicted(current, changes) if changes else current
        if changes and self.update_method is None:
            module.fail("The API cannot change a %s once created; %s differ%s." % (
                self.noun, ", ".join(sorted(self._options_of(changes))), "s" if len(changes) == 1 else ""))
        if changes and not module.check_mode:
            with self._lock(module, self.lock_path(record_id), self.lock_writes):
                answer = module.write(*self.update_request(current, changes, after),
                                      confirm=lambda: self._holding(module, record_id, changes))
            answered = isinstance(answer, dict) and answer.get(self.id_field) == record_id and not self.read_after_write
            after = answer if answered else self.read(module.client, record_id)
        module.exit_resource(bool(changes), self.project(current), self.project(after))

    def _refuse_create_only(self, module, current):
        fixed = [field for field in (self.key,) + self.fields if field.create_only]
        differing = [field.option for field in fixed if self.differences(current, self.desired(module.params, [field]))]
        if differing:
            module.fail("%s %s: %s can only be set when the %s is created, and differ%s from what it has; delete "
                        "it and create it again to change %s." % (
                            self.noun, current.get(self.id_field), ", ".join(differing), self.noun,
                            "s" if len(differing) == 1 else "", "it" if len(differing) == 1 else "them"))

    def _options_of(self, changes):
        return {(self._field_for(name).option if self._field_for(name) else name) for name in changes}

    def _holding(self, module, record_id, changes):
        record = self.read(module.client, record_id)
        return record if not self.differences(record, changes) else None

    def _delete(self, module, current):
        if current is None:
            module.exit_resource(False, {}, None)
        record_id = current[self.id_field]
        if self.delete_method is None:
            module.fail(self.no_delete % current)
        if not module.check_mode:
            with self._lock(module, self.lock_path(record_id), self.lock_writes):
                module.write(self.delete_method, self.path(record_id), confirm=lambda: self._gone(module, record_id))
        module.exit_resource(True, self.project(current), None)

    def _gone(self, module, record_id):
        try:
            self.read(module.client, record_id)
        except BunnyApiError as error:
            if error.status == 404:
                return True
            raise
        return None

    @contextmanager
    def _lock(self, module, resource, wanted):
        if not wanted:
            yield
            return
        with held_lock(module, resource):
            yield


def snake_name(api_name):
    return next(iter(to_snake({api_name: None})))


@contextmanager
def held_lock(module, resource):
    """Hold the lock of ``resource`` (an API path) while the block writes; fail cleanly when it cannot be had."""
    try:
        with resource_lock(module.client.api_url, resource, module.params["lock_timeout"]) as held:
            if not held:
                module.ansible.warn("This system has no flock, so writes to %s from parallel tasks are not serialised." % resource)
            yield
    except (LockTimeout, LockUnavailable) as error:
        module.fail(str(error))


def name_taken(error, resource):
    """Whether ``error`` is the API refusing to create ``resource`` because its name is taken."""
    fields = {(item.get("field") or "").lower() for item in error.field_errors}
    return (error.method == resource.create_method and error.path == resource.create_path and error.status == 400
            and ("name" in fields or "name" in (error.error_key or "").lower()))


def unknown_names(given, known, noun):
    """Sentences for the names in ``given`` that ``known`` lacks, each with the closest known names."""
    problems = []
    for name in given:
        if name in known:
            continue
        # A name that differs only in case is the one meant; otherwise the nearest spellings.
        close = [candidate for candidate in known if candidate.lower() == name.lower()]
        close = close or difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
        hint = " (did you mean %s?)" % " or ".join(close) if close else ""
        problems.append("%s is not a property of %s%s" % (name, noun, hint))
    return problems
