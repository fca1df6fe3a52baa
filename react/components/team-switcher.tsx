/**
 * `TeamSwitcher` (pick one of the user's teams) and `SelectedTeamSwitcher` (the same, kept as the
 * user's selected team on the server): the WAI-ARIA select-only combobox, its listbox showing each
 * team's avatar, "no team" where allowed, and "Create a team…" opening a dialog where the project
 * lets users create teams.
 */
import { type KeyboardEvent, useCallback, useId, useRef, useState } from "react"
import { setSelectedTeam } from "../../src/client/index.ts"
import type { Team } from "../../src/model/team.ts"
import { useStackMutation, useUser } from "../hooks.ts"
import { useProject, useTeams } from "../resource-hooks.ts"
import { Avatar } from "./avatar.tsx"
import { ErrorText } from "./form.tsx"
import { KitStyle, menuSheet, teamSwitcherSheet } from "./kit-styles.tsx"
import { movedIndex, useOutsideClose } from "./popup.ts"
import { TeamCreationDialog } from "./team-creation.tsx"

/** Props of {@link TeamSwitcher}. */
export interface TeamSwitcherProps {
  /** The team shown as chosen (null or absent: none). */
  readonly teamId?: string | null
  /** Called with the chosen team's id and the team (null: none). */
  readonly onChange: (teamId: string | null, team: Team | null) => void
  /** The teams to offer (default: the signed-in user's). */
  readonly teams?: ReadonlyArray<Team>
  /** Offer "Create a team…" where the project allows it (default true). */
  readonly allowCreate?: boolean
  /** Offer a "no team" choice (default false, unless no team is chosen). */
  readonly allowNull?: boolean
  /** The "no team" choice's text (default "No team"). */
  readonly nullLabel?: string
  /** Disables the picker (while a change is saved). */
  readonly pending?: boolean
  /** Extra class names of the trigger button. */
  readonly triggerClassName?: string
  /** The visible label (default "Team"). */
  readonly label?: string
}

type Choice =
  | { readonly kind: "team"; readonly team: Team }
  | { readonly kind: "none" }
  | { readonly kind: "create" }

const choiceKey = (choice: Choice): string => choice.kind === "team" ? `team-${choice.team.id}` : choice.kind

const TeamMark = ({ team }: { readonly team: Team | null }) =>
  team === null
    ? <span className="stackfx-avatar stackfx-avatar-square stackfx-avatar-empty" style={{ width: 24, height: 24 }} aria-hidden="true" />
    : <Avatar name={team.displayName} imageUrl={team.profileImageUrl} size={24} shape="square" />

/** A picker of the signed-in user's teams (see the module's notes). */
export const TeamSwitcher = (props: TeamSwitcherProps) => {
  const ownTeams = useTeams()
  const project = useProject()
  const teams = props.teams ?? ownTeams
  const { teamId = null, onChange, allowCreate = true, nullLabel = "No team", pending = false, label = "Team" } = props
  const selected = teams.find((team) => team.id === teamId) ?? null
  const allowNull = props.allowNull === true || selected === null
  const choices: ReadonlyArray<Choice> = [
    ...(allowNull ? [{ kind: "none" } as const] : []),
    ...teams.map((team) => ({ kind: "team", team }) as const),
    ...(allowCreate && project.config.clientTeamCreationEnabled ? [{ kind: "create" } as const] : [])
  ]
  const selectedIndex = choices.findIndex((choice) => (selected === null ? choice.kind === "none" : choice.kind === "team" && choice.team.id === selected.id))
  const [active, setActive] = useState<number | undefined>(undefined)
  const [creating, setCreating] = useState(false)
  const open = active !== undefined
  const id = useId()
  const labelId = `${id}-label`
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const dismiss = useCallback(() => setActive(undefined), [])
  useOutsideClose(open, rootRef, dismiss)
  const choose = (index: number) => {
    const choice = choices[index]
    setActive(undefined)
    triggerRef.current?.focus()
    if (choice === undefined) return
    if (choice.kind === "create") setCreating(true)
    else if (choice.kind === "none") onChange(null, null)
    else if (choice.team.id !== teamId) onChange(choice.team.id, choice.team)
  }
  const typeAhead = (key: string, from: number): number | undefined => {
    if (key.length !== 1 || !/\S/.test(key)) return undefined
    const names = choices.map((choice) => (choice.kind === "team" ? choice.team.displayName : choice.kind === "none" ? nullLabel : "Create a team"))
    for (let step = 1; step <= names.length; step++) {
      const index = (from + step) % names.length
      if (names[index]?.toLowerCase().startsWith(key.toLowerCase()) === true) return index
    }
    return undefined
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open) {
      if (["ArrowDown", "ArrowUp", "Enter", " ", "Home", "End"].includes(event.key)) {
        event.preventDefault()
        const start = event.key === "Home" ? 0 : event.key === "End" ? choices.length - 1 : Math.max(selectedIndex, 0)
        setActive(start)
      }
      return
    }
    if (event.key === "Escape") {
      event.preventDefault()
      setActive(undefined)
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault()
      choose(active)
    } else if (event.key === "Tab") {
      setActive(undefined)
    } else {
      const next = movedIndex(event.key, active, choices.length) ?? typeAhead(event.key, active)
      if (next === undefined) return
      event.preventDefault()
      setActive(next)
    }
  }
  return (
    <div ref={rootRef} className="stackfx-menu stackfx-team-switcher">
      {/* In this order: the team trigger restyles the menu's. */}
      <KitStyle sheet={menuSheet} />
      <KitStyle sheet={teamSwitcherSheet} />
      <span id={labelId} className="stackfx-visually-hidden">{label}</span>
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        name="team"
        className={`stackfx-menu-trigger stackfx-team-trigger${props.triggerClassName === undefined ? "" : ` ${props.triggerClassName}`}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${id}-value`}
        aria-activedescendant={open ? optionId(active) : undefined}
        // Not `disabled` while saving: focus stays on the button (a disabled one drops it).
        aria-disabled={pending}
        onClick={() => {
          if (!pending) setActive(open ? undefined : Math.max(selectedIndex, 0))
        }}
        onKeyDown={(event) => {
          if (!pending) onKeyDown(event)
        }}
      >
        <TeamMark team={selected} />
        <span id={`${id}-value`} className="stackfx-user-name">{selected?.displayName ?? nullLabel}</span>
      </button>
      <div className="stackfx-popup" hidden={!open}>
        <ul id={listId} role="listbox" aria-labelledby={labelId} tabIndex={-1}>
          {choices.map((choice, index) => (
            <li
              key={choiceKey(choice)}
              id={optionId(index)}
              role="option"
              aria-selected={index === selectedIndex}
              className={`stackfx-menu-item${index === active ? " stackfx-active" : ""}${choice.kind === "create" ? " stackfx-create-option" : ""}`}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              {choice.kind === "create"
                ? <><span className="stackfx-menu-icon" aria-hidden="true">+</span>Create a team…</>
                : <><TeamMark team={choice.kind === "team" ? choice.team : null} />{choice.kind === "team" ? choice.team.displayName : nullLabel}</>}
            </li>
          ))}
        </ul>
        {teams.length === 0 ? <p className="stackfx-note stackfx-menu-empty">You are not in a team yet.</p> : null}
      </div>
      <TeamCreationDialog open={creating} onClose={() => setCreating(false)} onCreated={(created, team) => onChange(created, team)} />
    </div>
  )
}

/** Props of {@link SelectedTeamSwitcher}. */
export interface SelectedTeamSwitcherProps extends Omit<TeamSwitcherProps, "teamId" | "onChange"> {
  /** Where choosing a team goes (the official kit's `urlMap`): the page navigates there after saving. */
  readonly urlMap?: (team: Team | null) => string
  /** Called after the choice is saved. */
  readonly onChange?: (team: Team | null) => void
  /** Only navigate and call `onChange`; leave the user's selected team as it is. */
  readonly noUpdateSelectedTeam?: boolean
}

/** The user's selected team (saved on the server), switchable. */
export const SelectedTeamSwitcher = ({ urlMap, onChange, noUpdateSelectedTeam = false, ...rest }: SelectedTeamSwitcherProps) => {
  const user = useUser({ or: "throw" })
  const select = useStackMutation(setSelectedTeam)
  const change = async (teamId: string | null, team: Team | null) => {
    if (!noUpdateSelectedTeam) {
      const exit = await select.run(teamId)
      if (exit._tag === "Failure") return
    }
    onChange?.(team)
    if (urlMap !== undefined) location.assign(urlMap(team))
  }
  return (
    <div className="stackfx-selected-team">
      <TeamSwitcher {...rest} teamId={user.selectedTeam?.id ?? null} onChange={(teamId, team) => void change(teamId, team)} pending={select.pending || rest.pending === true} />
      <ErrorText error={select.error} />
    </div>
  )
}
