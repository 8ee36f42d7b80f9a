"""The table commands as the quick path parses them: GENERATED, do not edit.

Derived from the Typer app by `python -m companion.cli.quick_gen`; a test checks
that it still equals what the app declares.
"""

from __future__ import annotations

import json
from typing import Any

SPEC: dict[str, Any] = json.loads(
    r"""
{
 "act": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   },
   {
    "dest": "action",
    "type": "str"
   },
   {
    "dest": "target",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:act",
  "defaults": {
   "as_json": false,
   "dice": null,
   "game": null,
   "opt": null,
   "seed": null,
   "target": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--opt": {
    "dest": "opt",
    "multiple": true,
    "type": "str"
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter",
   "action"
  ]
 },
 "activate": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   }
  ],
  "call": "companion.cli.table_ops:activate",
  "defaults": {
   "as_json": false,
   "game": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter"
  ]
 },
 "attack": {
  "arguments": [
   {
    "dest": "attacker",
    "type": "str"
   },
   {
    "dest": "target",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:attack",
  "defaults": {
   "as_json": false,
   "band": null,
   "cover": null,
   "dice": null,
   "game": null,
   "ganging": 0,
   "near": null,
   "opt": null,
   "range_": null,
   "ranged": false,
   "seed": null,
   "splash": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--band": {
    "dest": "band",
    "type": "str"
   },
   "--cover": {
    "dest": "cover",
    "flag": true
   },
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--ganging": {
    "dest": "ganging",
    "max": 20,
    "min": 0,
    "type": "int"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--near": {
    "dest": "near",
    "type": "str"
   },
   "--no-cover": {
    "dest": "cover",
    "flag": false
   },
   "--opt": {
    "dest": "opt",
    "multiple": true,
    "type": "str"
   },
   "--range": {
    "dest": "range_",
    "max": 100,
    "min": 0,
    "type": "int"
   },
   "--ranged": {
    "dest": "ranged",
    "flag": true
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "--splash": {
    "dest": "splash",
    "type": "str"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "attacker",
   "target"
  ]
 },
 "done": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   }
  ],
  "call": "companion.cli.table_ops:done",
  "defaults": {
   "as_json": false,
   "dice": null,
   "fighter": null,
   "game": null,
   "seed": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "fall": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:fall",
  "defaults": {
   "as_json": false,
   "dice": null,
   "game": null,
   "seed": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--inches": {
    "dest": "inches",
    "max": 100,
    "min": 0,
    "type": "int"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter",
   "inches"
  ]
 },
 "initiative": {
  "arguments": [
   {
    "dest": "side",
    "type": "str"
   }
  ],
  "call": "companion.cli.table_ops:initiative",
  "defaults": {
   "as_json": false,
   "game": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "side"
  ]
 },
 "log": {
  "arguments": [],
  "call": "companion.cli.table_ops:log",
  "defaults": {
   "as_json": false,
   "game": null,
   "last": null,
   "traces": false
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--last": {
    "dest": "last",
    "min": 1,
    "type": "int"
   },
   "--no-traces": {
    "dest": "traces",
    "flag": false
   },
   "--traces": {
    "dest": "traces",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "odds": {
  "arguments": [
   {
    "dest": "attacker",
    "type": "str"
   },
   {
    "dest": "target",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:odds",
  "defaults": {
   "as_json": false,
   "band": null,
   "cover": null,
   "game": null,
   "ganging": 0,
   "near": null,
   "opt": null,
   "range_": null,
   "ranged": false,
   "splash": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--band": {
    "dest": "band",
    "type": "str"
   },
   "--cover": {
    "dest": "cover",
    "flag": true
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--ganging": {
    "dest": "ganging",
    "max": 20,
    "min": 0,
    "type": "int"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--near": {
    "dest": "near",
    "type": "str"
   },
   "--no-cover": {
    "dest": "cover",
    "flag": false
   },
   "--opt": {
    "dest": "opt",
    "multiple": true,
    "type": "str"
   },
   "--range": {
    "dest": "range_",
    "max": 100,
    "min": 0,
    "type": "int"
   },
   "--ranged": {
    "dest": "ranged",
    "flag": true
   },
   "--splash": {
    "dest": "splash",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "attacker",
   "target"
  ]
 },
 "recover": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:recover",
  "defaults": {
   "as_json": false,
   "dice": null,
   "game": null,
   "seed": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter"
  ]
 },
 "redo": {
  "arguments": [
   {
    "dest": "steps",
    "max": 1000,
    "min": 1,
    "type": "int"
   }
  ],
  "call": "companion.cli.table_ops:redo",
  "defaults": {
   "as_json": false,
   "game": null,
   "steps": 1
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "set": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   }
  ],
  "call": "companion.cli.table_ops:set_",
  "defaults": {
   "as_json": false,
   "flag": null,
   "game": null,
   "stat": null,
   "state": null,
   "token": null,
   "wounds": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--flag": {
    "dest": "flag",
    "multiple": true,
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--no-token": {
    "dest": "token",
    "flag": false
   },
   "--stat": {
    "dest": "stat",
    "max": 99,
    "min": -99,
    "type": "int"
   },
   "--state": {
    "dest": "state",
    "type": "str"
   },
   "--token": {
    "dest": "token",
    "flag": true
   },
   "--wounds": {
    "dest": "wounds",
    "max": 99,
    "min": 0,
    "type": "int"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter"
  ]
 },
 "skill": {
  "arguments": [
   {
    "dest": "fighter",
    "type": "str"
   },
   {
    "dest": "skill_name",
    "type": "str"
   },
   {
    "dest": "target",
    "type": "str"
   }
  ],
  "call": "companion.cli.action_ops:skill",
  "defaults": {
   "as_json": false,
   "dice": null,
   "game": null,
   "opt": null,
   "seed": null,
   "target": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--opt": {
    "dest": "opt",
    "multiple": true,
    "type": "str"
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "fighter",
   "skill_name"
  ]
 },
 "status": {
  "arguments": [],
  "call": "companion.cli.table_ops:status",
  "defaults": {
   "as_json": false,
   "game": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "turn": {
  "arguments": [],
  "call": "companion.cli.table_ops:turn",
  "defaults": {
   "as_json": false,
   "dice": null,
   "game": null,
   "seed": null
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--dice": {
    "dest": "dice",
    "type": "str"
   },
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "--seed": {
    "dest": "seed",
    "type": "int"
   },
   "-d": {
    "dest": "dice",
    "type": "str"
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "undo": {
  "arguments": [
   {
    "dest": "steps",
    "max": 1000,
    "min": 1,
    "type": "int"
   }
  ],
  "call": "companion.cli.table_ops:undo",
  "defaults": {
   "as_json": false,
   "game": null,
   "steps": 1
  },
  "ignore_unknown": false,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": []
 },
 "vp": {
  "arguments": [
   {
    "dest": "side",
    "type": "str"
   },
   {
    "dest": "value",
    "type": "str"
   }
  ],
  "call": "companion.cli.table_ops:vp",
  "defaults": {
   "as_json": false,
   "game": null
  },
  "ignore_unknown": true,
  "interspersed": true,
  "options": {
   "--game": {
    "dest": "game",
    "type": "str"
   },
   "--json": {
    "dest": "as_json",
    "flag": true
   },
   "-g": {
    "dest": "game",
    "type": "str"
   }
  },
  "required": [
   "side",
   "value"
  ]
 }
}
"""
)
