// The button set every screen uses: Button (primary, secondary, quiet, danger for confirmation screens
// only), IconButton (a quiet button showing only an icon, named for screen readers and with a tooltip),
// and ButtonLink (a router link that looks like a button). Icons come from lucide-react, imported by
// name by the caller so only the icons a route uses load with it.
import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LinkProps } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'normal' | 'small';

/** What the icon components of lucide-react accept (and what callers pass as `icon`). */
export type IconComponent = ComponentType<{ size?: number | string; 'aria-hidden'?: boolean | 'true'; className?: string }>;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'normal', extra?: string): string {
  const classes = ['button'];
  if (variant !== 'primary') classes.push(`button--${variant}`);
  if (size === 'small') classes.push('button--small');
  if (extra) classes.push(extra);
  return classes.join(' ');
}

function Content({ icon: Icon, size, children }: { icon?: IconComponent; size: ButtonSize; children?: ReactNode }) {
  return (
    <>
      {Icon ? <Icon size={size === 'small' ? 16 : 18} aria-hidden="true" className="button__icon" /> : null}
      {children}
    </>
  );
}

interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconComponent;
}

export type ButtonProps = ButtonOwnProps & ButtonHTMLAttributes<HTMLButtonElement>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'normal', icon, className, type = 'button', children, ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...rest}>
      <Content icon={icon} size={size}>
        {children}
      </Content>
    </button>
  );
});

export type ButtonLinkProps = ButtonOwnProps & LinkProps;

export function ButtonLink({ variant = 'primary', size = 'normal', icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass(variant, size, className)} {...rest}>
      <Content icon={icon} size={size}>
        {children}
      </Content>
    </Link>
  );
}

interface IconButtonOwnProps {
  icon: IconComponent;
  /** The accessible name, also shown as a tooltip. */
  label: string;
  size?: ButtonSize;
}

export type IconButtonProps = IconButtonOwnProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label' | 'title'>;

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon: Icon, label, size = 'normal', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={['icon-button', size === 'small' ? 'icon-button--small' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon size={size === 'small' ? 16 : 20} aria-hidden="true" />
    </button>
  );
});

export type IconLinkProps = Omit<LinkProps, 'children' | 'aria-label' | 'title'> & IconButtonOwnProps;

/** An icon-only router link (Edit in a row), named and with a tooltip like IconButton. */
export function IconLink({ icon: Icon, label, size = 'normal', className, ...rest }: IconLinkProps) {
  return (
    <Link
      className={['icon-button', size === 'small' ? 'icon-button--small' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon size={size === 'small' ? 16 : 20} aria-hidden="true" />
    </Link>
  );
}
