import { Box, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { passwordRuleChecks, passwordStrength, type PasswordStrength as Score } from '@portico/contracts';
import { useTranslation } from 'react-i18next';
import { looseT } from '../i18n/t';
import { useIsCommonPassword } from '../lib/commonPasswords';
import { Icon } from './Icon';

const BAR_COLORS: Record<Score, string> = {
  0: 'gray.3',
  1: 'red.6',
  2: 'orange.5',
  3: 'teal.6',
  4: 'green.7',
};

/**
 * The guide's rules (spec §2, §5; contracts' passwordRuleChecks), ticked as the password is
 * typed, and "not a common password" once the common list has loaded (`common` known).
 */
export const passwordRules = (password: string, common?: boolean) => {
  const checks = passwordRuleChecks(password);
  return [
    { key: 'pw_rule_length', ok: checks.length },
    { key: 'pw_rule_digit', ok: checks.digit },
    { key: 'pw_rule_special', ok: checks.special },
    { key: 'pw_rule_common', ok: password !== '' && common === false },
  ];
};

/**
 * The 4-bar strength meter (score from contracts' passwordStrength, exactly the spec's §5) and
 * the guide: at least 6 characters, at least 1 digit, at least 1 special character, not common.
 * A common password ("Password1!") is one red bar, "too common", whatever its composition: the
 * server refuses it (error_password_common).
 */
export function PasswordStrength({ value, guide = true }: { value: string; guide?: boolean }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const common = useIsCommonPassword(value);
  const score: Score = common ? 1 : passwordStrength(value);
  const color = BAR_COLORS[score];
  const label = common ? t('pw_strength_common') : score > 0 ? tr(`pw_strength_${score}`) : undefined;
  return (
    <Stack gap={6} data-testid="password-strength">
      <Group gap={6} wrap="nowrap" align="center">
        <Group
          gap={4}
          wrap="nowrap"
          style={{ flex: 1 }}
          role="meter"
          aria-label={t('pw_strength_label')}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={label}
        >
          {[1, 2, 3, 4].map((bar) => (
            <Box
              key={bar}
              h={5}
              style={{ flex: 1, borderRadius: 3, transition: 'background-color 150ms ease' }}
              bg={bar <= score ? color : 'gray.2'}
            />
          ))}
        </Group>
        {label && (
          // Dark text (WCAG AA at 12 px): the bars carry the colour.
          <Text fz="xs" fw={600} c="gray.8" miw={64} ta="right" aria-hidden="true">
            {label}
          </Text>
        )}
      </Group>
      {guide && (
        <Box>
          {/* The rules are read while typing: body-sized and dark enough (issue 34 point 9). */}
          <Text fz="sm" c="gray.7" mb={2}>
            {t('pw_guide_title')}
          </Text>
          <List
            spacing={2}
            size="sm"
            listStyleType="none"
            aria-live="polite"
            styles={{ itemWrapper: { alignItems: 'flex-start' } }}
          >
            {passwordRules(value, common).map((rule) => (
              <List.Item
                key={rule.key}
                c={rule.ok ? 'teal.9' : 'gray.7'}
                icon={
                  <Box
                    component="span"
                    display="inline-flex"
                    c={rule.ok ? 'teal.7' : 'gray.5'}
                    aria-hidden="true"
                    style={{ alignItems: 'center' }}
                  >
                    {rule.ok ? (
                      <Icon name="check" size={14} />
                    ) : (
                      <Box component="span" w={14} ta="center">
                        •
                      </Box>
                    )}
                  </Box>
                }
              >
                <span data-ok={rule.ok}>{tr(rule.key)}</span>
                {/* The tick, for a screen reader: the icon itself is decoration. */}
                {rule.ok && <VisuallyHidden> ({t('pw_rule_met')})</VisuallyHidden>}
              </List.Item>
            ))}
          </List>
          <Text fz="sm" c="gray.7" mt={2}>
            {t('pw_guide_any')}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
