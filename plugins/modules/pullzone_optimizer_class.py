#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_optimizer_class
short_description: Manage the Bunny Optimizer image classes of a bunny.net pull zone
version_added: 0.3.0
description:
  - Adds, replaces and removes the named image classes of an existing pull zone. An image URL
    names a class (C(?class=thumbnail)) to get its set of Bunny Optimizer transformations.
  - Classes are compared by name, as a set; a class that holds other transformations than the task
    gives is replaced by the task's. Classes the task does not list are left alone unless
    O(purge=true).
  - The API keeps a zone's classes as one list that an update of the zone replaces, so every change
    of a run goes out in one update with the whole list, while the zone's lock keeps parallel
    tasks from losing each other's changes.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description: ID of the pull zone. The pull zone must exist.
    type: int
    required: true
  classes:
    description:
      - The classes, each named once. A transformation left out of a class is not part of it.
      - With O(state=absent), only C(name) counts.
    type: list
    elements: dict
    required: true
    suboptions:
      name:
        description: Name of the class, as image URLs give it; letters, digits, C(-) and C(_).
        type: str
        required: true
      width:
        description: Width to resize to, in pixels.
        type: int
      height:
        description: Height to resize to, in pixels.
        type: int
      aspect_ratio:
        description: Aspect ratio to crop to, such as V(16:9).
        type: str
      quality:
        description: Compression quality, 0 to 100.
        type: int
      sharpen:
        description: Whether images are sharpened.
        type: bool
      blur:
        description: Blur, 0 to 100.
        type: int
      crop:
        description: The crop, as C(width,height) or C(width,height,x,y).
        type: str
      crop_gravity:
        description: Where a crop is anchored.
        type: str
        choices: [center, forget, east, north, south, west, northeast, northwest, southeast, southwest]
      flip:
        description: Whether images are flipped vertically.
        type: bool
      flop:
        description: Whether images are flipped horizontally.
        type: bool
      brightness:
        description: Brightness change, -100 to 100.
        type: int
      saturation:
        description: Saturation change, -100 to 100.
        type: int
      hue:
        description: Hue change, 0 to 100.
        type: int
      contrast:
        description: Contrast change, -100 to 100.
        type: int
      auto_optimize:
        description: Automatic optimisation.
        type: str
        choices: [low, medium, high]
      sepia:
        description: Sepia, 0 to 100.
        type: int
  state:
    description:
      - V(present) adds the classes the zone lacks and replaces those that differ.
      - V(absent) removes the classes named.
    type: str
    choices: [present, absent]
    default: present
  purge:
    description: With O(state=present), also remove the classes O(classes) does not name.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - "Classes apply when the zone has Bunny Optimizer on (O(bunnynet.cloud.pullzone#module:optimizer_enabled) of
    M(bunnynet.cloud.pullzone)); the setting C(OptimizerForceClasses) of its O(bunnynet.cloud.pullzone#module:settings) makes
    the zone refuse image URLs that name no class."
  - That O(bunnynet.cloud.pullzone#module:settings) option can set C(OptimizerClasses) too, as one list compared in order;
    manage a zone's classes with one of the two.
seealso:
  - module: bunnynet.cloud.pullzone
"""

EXAMPLES = r"""
- name: Offer a thumbnail and a hero image class on the site's zone
  bunnynet.cloud.pullzone_optimizer_class:
    pull_zone_id: 10
    classes:
      - name: thumbnail
        width: 200
        height: 200
        crop_gravity: center
        quality: 80
      - name: hero
        width: 1600
        sharpen: true

- name: Keep exactly these classes, removing any other
  bunnynet.cloud.pullzone_optimizer_class:
    pull_zone_id: 10
    classes:
      - name: thumbnail
        width: 200
        height: 200
        crop_gravity: center
        quality: 80
    purge: true

- name: Retire the thumbnail class
  bunnynet.cloud.pullzone_optimizer_class:
    pull_zone_id: 10
    classes:
      - name: thumbnail
    state: absent
"""

RETURN = r"""
optimizer_classes:
  description:
    - The zone's classes after the change (predicted in check mode), in the zone's order, each
      with its C(name) and the transformations it sets, by the option names (a transformation the
      options do not name appears by the API's name, as the API keeps it, a string).
  returned: success
  type: list
  elements: dict
  sample:
    - name: thumbnail
      width: 200
      height: 200
      crop_gravity: center
      quality: 80
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.optimizer_classes import class_options, class_rules, converge_classes


def main():
    module = BunnyModule(argument_spec=class_options(), result_key="optimizer_classes", rules=class_rules())
    converge_classes(module)


if __name__ == "__main__":
    main()
