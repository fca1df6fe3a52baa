/**
 * The e-mails a project sent (`GET /internal/emails`), delivery statistics and sending capacity (`GET /emails/delivery-info`, `POST /emails/capacity-boost`),
 * computed from the project's outbox like the service: e-mails delivered in the last hour, day,
 * week and month (30 days); a capacity of 100,000 e-mails an hour (the development server's
 * setting) plus four times the last month's hourly average, times 4 during a 4-hour boost. The
 * emulator never bounces or gets marked as spam, so the penalty factor stays 1.
 */
import * as Effect from "effect/Effect"
import * as Create from "../../errors/create.ts"
import { CapacityBoost, DeliveryInfo, type DeliveryWindow, SentEmailList } from "../../wire/emails.ts"
import { EmptyBody } from "../../wire/common.ts"
import { processDueEmails } from "../email-outbox.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import type { StateData } from "../state.ts"

const hourMillis = 60 * 60 * 1000
const windows = { hour: hourMillis, day: 24 * hourMillis, week: 7 * 24 * hourMillis, month: 30 * 24 * hourMillis } as const
const capacityPerHour = 100_000
const boostMultiplier = 4
const boostMillis = 4 * hourMillis

/** The project's delivery statistics and capacity at `now`. */
export const deliveryInfo = (data: StateData, projectId: string, now: number): DeliveryInfo => {
  const delivered = Object.values(data.owner.emails).flatMap((e) =>
    e.projectId === projectId && e.status === "sent" && e.deliveredAtMillis !== null ? [e.deliveredAtMillis] : []
  )
  const window = (millis: number): typeof DeliveryWindow.Type => ({ sent: delivered.filter((t) => t >= now - millis).length, bounced: 0, marked_as_spam: 0 })
  const stats = { hour: window(windows.hour), day: window(windows.day), week: window(windows.week), month: window(windows.month) }
  const boostUntil = data.owner.capacityBoosts[projectId]
  const boosted = boostUntil !== undefined && boostUntil > now
  const perHour = capacityPerHour + (4 * stats.month.sent) / 30 / 24
  return {
    stats,
    capacity: {
      rate_per_second: (perHour / 60 / 60) * (boosted ? boostMultiplier : 1),
      boost_multiplier: boosted ? boostMultiplier : 1,
      penalty_factor: 1,
      is_boost_active: boosted,
      boost_expires_at: boostUntil === undefined ? null : new Date(boostUntil).toISOString()
    }
  }
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/emails",
    access: ["admin"],
    handler: (ctx) => {
      // Every e-mail the project sent (sign-in codes, verification, send-email ...), newest first.
      const items = ctx.data.outbox
        .filter((email) => email.projectId === ctx.auth.project.id)
        .map((email) => ({ id: email.id, subject: email.subject, sent_at_millis: email.sentAtMillis, to: [email.to], error: null }))
        .reverse()
      return Reply.json(SentEmailList, { items, is_paginated: false })
    }
  }),
  defineRoute({
    method: "GET",
    path: "/emails/delivery-info",
    access: ["server", "admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      // E-mails whose time has come are sent first, so the statistics count them as the outbox does.
      yield* processDueEmails(ctx.data, ctx.env, ctx.now)
      return yield* Reply.json(DeliveryInfo, deliveryInfo(ctx.data, ctx.auth.project.id, ctx.now))
    })
  }),
  defineRoute({
    method: "POST",
    path: "/emails/capacity-boost",
    access: ["server", "admin"],
    body: EmptyBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const current = ctx.data.owner.capacityBoosts[ctx.auth.project.id]
      if (current !== undefined && current > ctx.now) {
        return yield* Create.EmailCapacityBoostAlreadyActive({ expires_at: new Date(current).toISOString() })
      }
      const until = ctx.now + boostMillis
      ctx.data.owner.capacityBoosts[ctx.auth.project.id] = until
      return yield* Reply.json(CapacityBoost, { expires_at: new Date(until).toISOString() })
    })
  })
]
